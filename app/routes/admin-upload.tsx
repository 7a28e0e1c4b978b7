// The Admin Login and Upload Menu Item screen (docs/product.md): the same module as /image-uploader.
export { action, ErrorBoundary, headers, loader, meta, default } from './image-uploader'
