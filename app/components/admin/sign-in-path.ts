/** The Admin Login screen (app/utils/auth.server.ts redirects here); a browser-safe copy of SIGN_IN_PATH. */
export const SIGN_IN_PATH = '/image-uploader'
