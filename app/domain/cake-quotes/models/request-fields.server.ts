// Its own module: both models read it when they load, and they import each other.

/** What the owner sees of a request (the admin list, the CSV export, the owner's alert mail). */
export const adminRequestFields = {
	id: true,
	name: true,
	phone: true,
	email: true,
	type: true,
	size: true,
	message: true,
	imageKey: true,
	createdAt: true,
} as const
