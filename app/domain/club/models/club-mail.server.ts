/**
 * What the bread club's mails say (decision 093), read when the worker sends them: the membership, its plan and its
 * box with the items named in the subscriber's language. Null when the record is gone.
 */
import type { ClubFrequency, ClubPickupStatus, ClubSubscriptionStatus } from '~/generated/prisma/enums'
import { prisma } from '~/utils/db.server'
import { isLocale, type Locale } from '~/utils/i18n'
import { localizeRow, pickLocalized } from '~/domain/content/localized-content'
import type { LineOption } from '~/domain/menu/item-options'
import { dateFromColumn } from '~/domain/pickup/index.server'
import type { LocalDate } from '~/domain/pickup/pickup-schedule'
import { clubBoxLines } from '../club.server'

interface ClubMailSubscription {
	id: string
	status: ClubSubscriptionStatus
	/** The subscriber's language: their mails are written in it. */
	locale: Locale
	email: string
	/** The subscriber's slot, "HH:MM" bakery time. */
	pickupTime: string
	firstPickupDate: LocalDate
	/** What each box is charged. */
	priceCents: number
	plan: {
		/** In `locale` (English where untranslated). */
		name: string
		frequency: ClubFrequency
		pickupWeekday: number
		windowStart: string
		windowEnd: string
		cutoffDaysBefore: number
		cutoffTime: string
	}
	/** The box's lines, named in `locale`; an item since deleted is left out. */
	box: Array<{ name: string; quantity: number; options: LineOption[] }>
}

const translatedName = { name: true, nameEs: true, namePtBr: true } as const

/** The box's lines with their items' and options' names in `locale`. */
async function boxInLanguage(lines: ReturnType<typeof clubBoxLines>, locale: Locale) {
	const items = await prisma.menuItem.findMany({
		where: { id: { in: lines.map((line) => line.menuItemId) } },
		select: {
			id: true,
			...translatedName,
			optionGroups: {
				select: {
					id: true,
					...translatedName,
					options: { select: { id: true, ...translatedName, priceDeltaCents: true } },
				},
			},
		},
	})
	return lines.flatMap((line) => {
		const item = items.find((candidate) => candidate.id === line.menuItemId)
		if (!item) return []
		const options = line.choices.flatMap((answer): LineOption[] => {
			const group = item.optionGroups.find((candidate) => candidate.id === answer.groupId)
			if (!group) return []
			const groupName = pickLocalized(group, 'name', locale)
			if (answer.text) return [{ group: groupName, text: answer.text, priceDeltaCents: 0 }]
			return group.options
				.filter((option) => answer.optionIds?.includes(option.id))
				.map((option) => ({
					group: groupName,
					choice: pickLocalized(option, 'name', locale),
					priceDeltaCents: option.priceDeltaCents,
				}))
		})
		return [{ name: pickLocalized(item, 'name', locale), quantity: line.quantity, options }]
	})
}

/** A membership as its mails tell it: its plan, its box and its subscriber's address and language. */
export async function clubSubscriptionForMail(subscriptionId: string): Promise<ClubMailSubscription | null> {
	const row = await prisma.clubSubscription.findUnique({
		where: { id: subscriptionId },
		select: {
			id: true,
			status: true,
			locale: true,
			pickupTime: true,
			firstPickupDate: true,
			priceCents: true,
			customer: { select: { email: true } },
			plan: {
				select: {
					...translatedName,
					lines: true,
					frequency: true,
					pickupWeekday: true,
					windowStart: true,
					windowEnd: true,
					cutoffDaysBefore: true,
					cutoffTime: true,
				},
			},
		},
	})
	if (!row) return null
	const locale = isLocale(row.locale) ? row.locale : 'en'
	const { lines, ...plan } = localizeRow(row.plan, ['name'], locale)
	return {
		id: row.id,
		status: row.status,
		locale,
		email: row.customer.email,
		pickupTime: row.pickupTime,
		firstPickupDate: dateFromColumn(row.firstPickupDate),
		priceCents: row.priceCents,
		plan,
		box: await boxInLanguage(clubBoxLines(lines), locale),
	}
}

/** One box date of a membership, with why it stands as it does, and the membership as its mails tell it. */
export async function clubPickupForMail(
	pickupId: string,
): Promise<{ status: ClubPickupStatus; pickupDate: LocalDate; subscription: ClubMailSubscription } | null> {
	const pickup = await prisma.clubPickup.findUnique({
		where: { id: pickupId },
		select: { status: true, pickupDate: true, subscriptionId: true },
	})
	const subscription = pickup && (await clubSubscriptionForMail(pickup.subscriptionId))
	if (!pickup || !subscription) return null
	return { status: pickup.status, pickupDate: dateFromColumn(pickup.pickupDate), subscription }
}
