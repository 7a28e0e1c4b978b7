/**
 * The mail area's server side as other areas use it (decision 053): everything another area calls
 * goes through here; the rest of the folder is the area's own.
 */
export { getMailQueue, queueJobId, queueErrorText } from './mail-queue.server'
export { cancelMail, enqueueMail } from './models/mail-jobs.server'
export { mailOrigin } from './mailer.server'
