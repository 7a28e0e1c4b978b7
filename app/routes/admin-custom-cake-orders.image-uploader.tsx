// 'Same as /image-uploader' (docs/product.md): the same module, so the same guard, form and action.
export { action, ErrorBoundary, headers, loader, meta, default } from './image-uploader'
