export { runBackup } from './backups.server'
