/**
 * A signed-in customer's own orders (decision 065): every read is by the order's id AND the customer's, so another
 * customer's order is not found (the pages answer 404, never someone else's data).
 */
import { prisma } from '~/utils/db.server'
import { CONFIRMED_ORDER, customerLine, orderLineFields, ownerLine } from '~/domain/orders/index.server'

const ownOrder = (customerId: string, orderId: string) => ({ id: orderId, customerId, ...CONFIRMED_ORDER })

/** The order with its lines (as the customer saw them and as stored in English, with the item's picture). */
export async function findCustomerOrder(customerId: string, orderId: string) {
	const order = await prisma.order.findFirst({
		where: ownOrder(customerId, orderId),
		select: {
			id: true,
			status: true,
			paidAt: true,
			payAtPickup: true,
			createdAt: true,
			pickupAt: true,
			totalCents: true,
			taxCents: true,
			discountCents: true,
			promoCode: true,
			tipCents: true,
			walletCents: true,
			items: {
				select: { ...orderLineFields, menuItemId: true, menuItem: { select: { imageKey: true, imageAlt: true } } },
				orderBy: { id: 'asc' },
			},
		},
	})
	if (!order) return null
	return {
		...order,
		items: order.items.map(({ menuItemId, menuItem, ...line }) => ({
			...customerLine(line),
			menuItemId,
			englishOptions: ownerLine(line).options,
			image: menuItem,
		})),
	}
}

/** Whether the order is this customer's (a paid order attached to their account). */
export async function isCustomerOrder(customerId: string, orderId: string) {
	return (await prisma.order.count({ where: ownOrder(customerId, orderId) })) === 1
}
