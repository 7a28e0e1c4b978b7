// The Admin Login and Upload Menu Item screen (spec §2): the same module as /image-uploader.
export { action, ErrorBoundary, headers, loader, meta, default } from './image-uploader'
