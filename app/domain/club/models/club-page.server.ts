/** The bread club's public side (decision 093): whether any plan takes members, for the menu's link to /club. */
import { prisma } from '~/utils/db.server'

export async function hasActiveClubPlan() {
	return (await prisma.clubPlan.findFirst({ where: { active: true }, select: { id: true } })) !== null
}
