import sharp from 'sharp'

/**
 * sharp as this server uses it, bounded for the 512 MB machine (decision 061).
 *
 * No libvips operation cache: it keeps up to 50 MB of decoded pixels for a repeat of the same operation on
 * the same input, and here every input is new — each upload once, each image variant once before it is on
 * disk (images.server.ts). It only held memory that was never reused.
 *
 * One libvips thread per job: the lines in images.server.ts already run up to four jobs at once on two cores;
 * more threads per job add per-thread buffers (and allocator arenas) without adding speed. sharp picks one
 * itself under glibc's allocator but as many as cores under jemalloc, the image's allocator (Dockerfile).
 */
sharp.cache(false)
sharp.concurrency(1)

export { sharp }
