/** The Admin Login screen: where signing in starts and where a signed-out visitor to an admin screen is sent. */
export const SIGN_IN_PATH = '/image-uploader'
