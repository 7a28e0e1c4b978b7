import { removeObjectQuietly, withStoredImage } from './uploaded-image.server'
import { prisma } from '~/utils/db.server'
import { isRecordNotFound } from '~/utils/db.server'

const GALLERY_PREFIX = 'galleryImages/'
/** The owner's order; pictures with the same position by age, then by id so the order never wavers. */
const galleryOrder = [{ sortOrder: 'asc' as const }, { createdAt: 'asc' as const }, { id: 'asc' as const }]

/** Gallery pictures in the owner's order; only files from the gallery storage folder. */
export function listGalleryImages() {
	return prisma.galleryImage.findMany({
		where: { storageKey: { startsWith: GALLERY_PREFIX } },
		select: { id: true, storageKey: true, alt: true },
		orderBy: galleryOrder,
	})
}

// --- Admin (requireAdmin is checked by the calling route) ---

/** Every gallery row in the public order (including any whose key is outside the gallery folder). */
export function listGalleryImagesForAdmin() {
	return prisma.galleryImage.findMany({ select: { id: true, storageKey: true, alt: true }, orderBy: galleryOrder })
}

export type AdminGalleryImage = Awaited<ReturnType<typeof listGalleryImagesForAdmin>>[number]

/** A new picture at the end of the gallery: the image and its row are saved together or not at all. */
export function createGalleryImage(image: File, alt: string) {
	return withStoredImage('galleryImages', image, 'owner', async (storageKey) => {
		const last = await prisma.galleryImage.aggregate({ _max: { sortOrder: true } })
		return prisma.galleryImage.create({
			data: { storageKey, alt, sortOrder: (last._max.sortOrder ?? 0) + 1 },
			select: { id: true },
		})
	})
}

/** Swaps a picture with its neighbour and renumbers the gallery 0…n-1 in one transaction. */
export function moveGalleryImage(id: string, direction: 'up' | 'down') {
	return prisma.$transaction(async (tx) => {
		const ids = (await tx.galleryImage.findMany({ select: { id: true }, orderBy: galleryOrder })).map((row) => row.id)
		const from = ids.indexOf(id)
		const to = direction === 'up' ? from - 1 : from + 1
		if (from === -1 || to < 0 || to >= ids.length) return false
		;[ids[from], ids[to]] = [ids[to]!, ids[from]!]
		for (const [sortOrder, rowId] of ids.entries()) {
			await tx.galleryImage.update({ where: { id: rowId }, data: { sortOrder } })
		}
		return true
	})
}

/** Removes the picture from the gallery, then its stored file. */
export async function deleteGalleryImage(id: string) {
	try {
		const { storageKey } = await prisma.galleryImage.delete({ where: { id }, select: { storageKey: true } })
		await removeObjectQuietly(storageKey)
		return true
	} catch (error) {
		if (isRecordNotFound(error)) return false
		throw error
	}
}
