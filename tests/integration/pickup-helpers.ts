import {
	addLocalDays,
	defaultPickupSettings,
	instantAt,
	localDateOf,
	type PickupSettings,
} from '~/domain/pickup/pickup-schedule'

/** Pickup open around the clock every day (so any test time of day has slots), with these settings. */
export async function openEveryDay(settings: Partial<Omit<PickupSettings, 'timeZone'>> = {}) {
	const { prisma } = await import('~/utils/db.server')
	await prisma.openingHours.deleteMany()
	await prisma.openingHours.createMany({
		data: Array.from({ length: 7 }, (_, weekday) => ({ weekday, opensAt: '00:00', closesAt: '24:00' })),
	})
	const values = { ...defaultPickupSettings, ...settings }
	await prisma.pickupSettings.upsert({ where: { id: 1 }, create: { id: 1, ...values }, update: values })
}

/** Empties what is held (orders and their counters), so each test starts with every slot free. */
export async function clearPickupHolds() {
	const { prisma } = await import('~/utils/db.server')
	await prisma.order.deleteMany()
	await prisma.pickupSlotUsage.deleteMany()
	await prisma.itemDayUsage.deleteMany()
}

/** A slot start (ISO) `daysAhead` bakery days from now at a bakery wall time: tomorrow noon by default. */
export function pickupSlot(daysAhead = 1, time = '12:00', now = new Date()) {
	const { timeZone } = defaultPickupSettings
	return instantAt(addLocalDays(localDateOf(now, timeZone), daysAhead), time, timeZone).toISOString()
}
