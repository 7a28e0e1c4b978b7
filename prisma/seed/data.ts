/**
 * Demo content for the database seed: menu, reviews, gallery and custom cake
 * requests.
 *
 * All people, phone numbers (555-01xx) and e-mail addresses (example.com) are
 * fictional. Each image id is a picture in `./images/<id>.webp`.
 * This module has no runtime dependencies.
 */

type MenuCategory = 'BRAZILIAN_PASTRIES' | 'MEXICAN_PASTRIES' | 'CAKES' | 'DONUTS'

/** Every demo picture: `./images/<id>.webp` (1280 px wide, see ./images/README.md). */
export type DemoImageId =
	// Brazilian pastries
	| 'pao-de-queijo'
	| 'coxinha'
	| 'brigadeiros'
	| 'beijinho'
	| 'quindim'
	| 'bolo-de-rolo'
	// Mexican pastries
	| 'conchas'
	| 'churros'
	| 'marranitos'
	| 'orejas'
	| 'empanadas-de-pina'
	| 'polvorones'
	// Cakes
	| 'tres-leches-cake'
	| 'brigadeiro-cake'
	| 'bolo-de-cenoura'
	| 'passion-fruit-mousse-cake'
	| 'chocoflan'
	// Donuts
	| 'dulce-de-leche-donut'
	| 'churro-donut'
	| 'guava-cream-cheese-donut'
	| 'horchata-glazed-donut'
	| 'brigadeiro-donut'
	// Site pages
	| 'storefront'
	| 'coffee'
	| 'story'
	// Gallery scenes
	| 'display-case'
	| 'pastry-spread'
	| 'latte-art'
	| 'morning-bake'
	| 'cafe-corner'
	| 'donut-box'
	| 'celebration-cake'

/** The nine major allergens and the dietary labels, as the database spells them (prisma/schema.prisma). */
type DemoAllergen =
	'MILK' | 'EGGS' | 'FISH' | 'CRUSTACEAN_SHELLFISH' | 'TREE_NUTS' | 'PEANUTS' | 'WHEAT' | 'SOYBEANS' | 'SESAME'
type DemoDiet = 'VEGETARIAN' | 'VEGAN' | 'GLUTEN_FREE' | 'DAIRY_FREE'

/** What the recipe contains, what it may pick up from shared equipment, and the labels it earns. */
export interface DemoAllergens {
	contains: DemoAllergen[]
	mayContain?: DemoAllergen[]
	diets?: DemoDiet[]
}

export interface DemoMenuItem {
	slug: string
	name: string
	description: string
	priceCents: number
	category: MenuCategory
	image: DemoImageId
	imageAlt: string
	orderable: boolean
	sortOrder: number
	/** Pickup rules (issue 14): minutes to order ahead, how many per pickup day, a yearly pickup window. */
	leadMinutes?: number
	dailyLimit?: number
	season?: { from: MonthDay; until: MonthDay }
	allergens: DemoAllergens
	/** Sales tax (decision 039): BAKERY unless said otherwise. */
	taxCategory?: 'BAKERY' | 'PREPARED_FOOD'
	/** Questions the customer answers when ordering (decision 038), in this order. */
	options?: readonly DemoOptionGroup[]
}

/** An option group with its choices; `key` makes the fixed ids (`seed-<item slug>-<key>`). */
export interface DemoOptionGroup {
	key: string
	name: string
	kind: 'SINGLE' | 'MULTIPLE' | 'TEXT'
	required?: boolean
	minChoices?: number
	maxChoices?: number
	maxLength?: number
	choices?: ReadonlyArray<{ key: string; name: string; priceDeltaCents: number }>
}

/** 'MM-DD' */
export type MonthDay = `${number}-${number}`

export interface DemoReview {
	name: string
	comment: string
	/** 1–5 stars. */
	rating: number
	daysAgo: number
}

export interface DemoGalleryImage {
	slug: string
	image: DemoImageId
	alt: string
	sortOrder: number
}

type CakeType = 'Chocolate' | 'Vanilla' | 'Tres Leches' | 'Fruit'

export interface DemoCakeRequest {
	name: string
	phone: string
	email: string
	type: CakeType
	size: string
	message: string
	daysAgo: number
}

/** Whole cakes are baked to order: 48 hours ahead. */
const WHOLE_CAKE_LEAD_MINUTES = 48 * 60

/**
 * The options of the whole cakes baked to order. (The Tres Leches and Brigadeiro cakes stay without: the
 * end-to-end tests add them to the cart in one click.)
 */
const cakeSize: DemoOptionGroup = {
	key: 'size',
	name: 'Size',
	kind: 'SINGLE',
	required: true,
	choices: [
		{ key: '6in', name: '6″', priceDeltaCents: 0 },
		{ key: '8in', name: '8″', priceDeltaCents: 1200 },
		{ key: '10in', name: '10″', priceDeltaCents: 2400 },
	],
}
const cakeMessage: DemoOptionGroup = { key: 'message', name: 'Message on the cake', kind: 'TEXT', maxLength: 60 }
const cakeToppings: DemoOptionGroup = {
	key: 'toppings',
	name: 'Toppings',
	kind: 'MULTIPLE',
	maxChoices: 2,
	choices: [
		{ key: 'strawberries', name: 'Strawberries', priceDeltaCents: 300 },
		{ key: 'dulce-de-leche', name: 'Dulce de leche', priceDeltaCents: 200 },
		{ key: 'coconut', name: 'Coconut', priceDeltaCents: 200 },
	],
}

type MenuDraft = Omit<DemoMenuItem, 'category' | 'orderable' | 'sortOrder' | 'image'> & { image?: DemoImageId }

/** Items of one category: sort order follows list order, only cakes can be ordered online. */
function section(category: MenuCategory, start: number, items: readonly MenuDraft[]): DemoMenuItem[] {
	return items.map((item, i) => ({
		...item,
		image: item.image ?? (item.slug as DemoImageId),
		category,
		orderable: category === 'CAKES',
		sortOrder: start + i * 10,
	}))
}

export const demoMenuItems: ReadonlyArray<DemoMenuItem> = [
	...section('BRAZILIAN_PASTRIES', 100, [
		{
			slug: 'pao-de-queijo',
			allergens: { contains: ['MILK', 'EGGS'], diets: ['VEGETARIAN', 'GLUTEN_FREE'] },
			name: 'Pão de Queijo',
			description:
				'Crisp-shelled, chewy cheese breads made with tapioca flour and aged Minas-style cheese, baked every hour. Three to an order, and naturally gluten-free.',
			priceCents: 450,
			imageAlt:
				'A talavera plate piled with golden, puffy pão de queijo cheese breads with cracked tops, beside a striped linen napkin.',
		},
		{
			slug: 'coxinha',
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT'] },
			// Savoury, with chicken and requeijão: prepared food, taxed (pão de queijo is a bread: exempt).
			taxCategory: 'PREPARED_FOOD',
			name: 'Coxinha',
			description:
				'A golden, crunchy teardrop filled with shredded chicken, requeijão and a little green onion. Ask for a squeeze of lime and our house pimenta.',
			priceCents: 475,
			imageAlt:
				'Three golden, breadcrumbed coxinhas standing on a white plate, the front one cut open to show its creamy shredded-chicken filling, with a lime wedge and a small dish of hot sauce.',
		},
		{
			slug: 'brigadeiros',
			allergens: { contains: ['MILK', 'SOYBEANS'], diets: ['VEGETARIAN', 'GLUTEN_FREE'] },
			name: 'Brigadeiros',
			description:
				'Silky chocolate fudge truffles made with condensed milk and Dutch cocoa, rolled in chocolate sprinkles. The taste of every Brazilian birthday party.',
			priceCents: 250,
			imageAlt:
				'Rows of round chocolate brigadeiros covered in chocolate sprinkles, each sitting in a fluted paper cup on white marble.',
		},
		{
			slug: 'beijinho',
			allergens: { contains: ['MILK'], diets: ['VEGETARIAN', 'GLUTEN_FREE'] },
			name: 'Beijinho',
			description:
				'The brigadeiro’s coconut cousin: a soft, milky coconut sweet rolled in shredded coconut and finished with a single clove.',
			priceCents: 250,
			imageAlt:
				'Snow-white coconut beijinhos rolled in shredded coconut, each topped with a clove, in gold paper cups.',
		},
		{
			slug: 'quindim',
			allergens: { contains: ['EGGS', 'MILK'], diets: ['VEGETARIAN', 'GLUTEN_FREE'] },
			name: 'Quindim',
			description:
				'A glossy, sunshine-yellow custard of egg yolks, sugar and coconut with a chewy coconut base. Rich, bright and gone in three bites.',
			priceCents: 375,
			imageAlt:
				'Three glossy, bright-yellow quindins with toasted coconut bases on a white plate, their tops catching the light.',
		},
		{
			slug: 'bolo-de-rolo',
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT'], diets: ['VEGETARIAN'] },
			name: 'Bolo de Rolo',
			description:
				'Pernambuco’s famous roll cake: paper-thin layers of buttery sponge spiralled around guava paste. Sold by the generous slice.',
			priceCents: 550,
			imageAlt:
				'Round slices of bolo de rolo showing a tight spiral of thin golden cake and ruby guava layers, next to the sugar-dusted roll on a wooden board.',
		},
	]),
	...section('MEXICAN_PASTRIES', 200, [
		{
			slug: 'conchas',
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT'], diets: ['VEGETARIAN'] },
			name: 'Conchas',
			description:
				'Soft, brioche-like sweet buns crowned with a crackly shell-patterned sugar topping in vanilla, strawberry and chocolate. Perfect with café de olla.',
			priceCents: 325,
			imageAlt:
				'Three round conchas with pink, vanilla and chocolate shell-patterned sugar toppings on parchment on a wooden table.',
		},
		{
			slug: 'churros',
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT'], diets: ['VEGETARIAN'] },
			name: 'Churros con Cajeta',
			description:
				'Three ridged churros fried to order and rolled in cinnamon sugar, served with a cup of warm goat-milk cajeta for dipping.',
			priceCents: 550,
			imageAlt:
				'Ridged churros coated in cinnamon sugar on parchment over terracotta tiles, next to a small bowl of glossy cajeta and two cinnamon sticks.',
		},
		{
			slug: 'marranitos',
			// Baked on the cookie trays the pecan polvorones use.
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT'], mayContain: ['TREE_NUTS'], diets: ['VEGETARIAN'] },
			name: 'Marranitos',
			description:
				'Soft, cakey piggy-shaped cookies spiced with piloncillo, molasses, cinnamon and a hint of ginger. Made from our abuela’s recipe.',
			priceCents: 275,
			imageAlt: 'Four brown pig-shaped marranito cookies with a glossy molasses finish on a wooden board.',
		},
		{
			slug: 'orejas',
			allergens: { contains: ['MILK', 'WHEAT'], diets: ['VEGETARIAN'] },
			name: 'Orejas',
			description:
				'Flaky, buttery puff-pastry “ears” rolled in sugar and baked until the edges caramelise into a shattering crunch.',
			priceCents: 350,
			imageAlt:
				'Golden heart-shaped orejas made of two spiralled puff-pastry rolls, glittering with caramelised sugar, on a cream plate.',
		},
		{
			slug: 'empanadas-de-pina',
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT'], diets: ['VEGETARIAN'] },
			name: 'Empanadas de Piña',
			description:
				'Tender half-moon turnovers filled with house-made pineapple jam, crimped by hand and finished with a sparkle of sugar.',
			priceCents: 375,
			imageAlt:
				'Half-moon pineapple empanadas with fork-crimped edges and sugar on top on a talavera plate, beside pineapple rings and a small dish of golden pineapple jam.',
		},
		{
			slug: 'polvorones',
			allergens: { contains: ['MILK', 'WHEAT', 'TREE_NUTS'], diets: ['VEGETARIAN'] },
			name: 'Polvorones',
			description:
				'Melt-in-your-mouth pecan shortbread snowballs, buried in powdered sugar. Also known as Mexican wedding cookies. Three per order.',
			priceCents: 300,
			imageAlt:
				'A terracotta plate of round polvorón cookies covered in powdered sugar, one broken open, with pecan halves and a dusting of sugar on the table.',
		},
	]),
	...section('CAKES', 300, [
		{
			slug: 'tres-leches-cake',
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT'], diets: ['VEGETARIAN'] },
			name: 'Tres Leches Cake',
			description:
				'Our most-loved cake: vanilla sponge soaked overnight in three milks, topped with clouds of whipped cream, cinnamon and fresh strawberries. Serves 10–12.',
			priceCents: 4200,
			imageAlt:
				'A slice of milk-soaked tres leches cake topped with whipped cream, a dusting of cinnamon and a strawberry, sitting in a little pool of sweet milk.',
		},
		{
			slug: 'brigadeiro-cake',
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT', 'SOYBEANS'], diets: ['VEGETARIAN'] },
			name: 'Chocolate Brigadeiro Cake',
			description:
				'Layers of moist chocolate cake and creamy brigadeiro filling, covered in chocolate sprinkles and crowned with hand-rolled brigadeiros. Serves 12–14.',
			priceCents: 4800,
			imageAlt:
				'A tall chocolate cake covered in chocolate sprinkles and topped with a ring of brigadeiro truffles, on a white cake stand beside a blue coffee cup.',
		},
		{
			slug: 'bolo-de-cenoura',
			options: [cakeSize, cakeMessage],
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT'], diets: ['VEGETARIAN'] },
			leadMinutes: WHOLE_CAKE_LEAD_MINUTES,
			name: 'Bolo de Cenoura com Chocolate',
			description:
				'The Brazilian afternoon-coffee classic: a fluffy, bright-orange carrot ring cake under a thick, glossy chocolate ganache. Serves 10.',
			priceCents: 3400,
			imageAlt:
				'A bright orange carrot ring cake with glossy chocolate ganache dripping down its sides, beside a small cup of coffee.',
		},
		{
			slug: 'passion-fruit-mousse-cake',
			options: [cakeSize, cakeMessage],
			// The mousse is set with gelatine: not vegetarian.
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT'] },
			leadMinutes: WHOLE_CAKE_LEAD_MINUTES,
			name: 'Passion Fruit Mousse Cake',
			description:
				'Light vanilla sponge under a tangy, airy maracujá mousse and a shining passion-fruit glaze with seeds. Bright, creamy and not too sweet. Serves 12.',
			priceCents: 4600,
			imageAlt:
				'A round mousse cake with a glossy golden passion-fruit glaze speckled with seeds on a cake stand, next to two passion fruit halves.',
		},
		{
			slug: 'chocoflan',
			options: [cakeSize, cakeToppings, cakeMessage],
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT'], diets: ['VEGETARIAN'] },
			leadMinutes: WHOLE_CAKE_LEAD_MINUTES,
			name: 'Chocoflan',
			description:
				'The “impossible cake”: dark chocolate cake and silky vanilla flan baked together and turned out under a river of caramel. Serves 12.',
			priceCents: 4000,
			imageAlt:
				'A ring-shaped chocoflan with a layer of golden flan over dark chocolate cake, glistening with caramel sauce pooling on the plate.',
		},
		{
			slug: 'tres-leches-slice',
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT'], diets: ['VEGETARIAN'] },
			name: 'Tres Leches Slice',
			image: 'tres-leches-cake',
			description:
				'A generous slice of our tres leches, soaked in three milks and topped with whipped cream, cinnamon and a strawberry. We make 24 a day.',
			priceCents: 650,
			dailyLimit: 24,
			imageAlt:
				'A slice of milk-soaked tres leches cake topped with whipped cream, a dusting of cinnamon and a strawberry, sitting in a little pool of sweet milk.',
		},
		{
			slug: 'rosca-de-reyes',
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT'], diets: ['VEGETARIAN'] },
			name: 'Rosca de Reyes',
			// No picture of a rosca yet: the festive fruit-topped cake stands in (see ./images/README.md to replace it).
			image: 'celebration-cake',
			description:
				'The Three Kings bread for Día de Reyes: a soft orange-blossom sweet-bread ring with candied fruit and a little figure hidden inside. Baked only for pickup January 2–6. Serves 12–15.',
			priceCents: 3800,
			leadMinutes: WHOLE_CAKE_LEAD_MINUTES,
			season: { from: '01-02', until: '01-06' },
			imageAlt:
				'A festive cake with piped cream rosettes, topped with fresh strawberries, kiwi, mango and blueberries, on a white cake stand.',
		},
	]),
	...section('DONUTS', 400, [
		{
			slug: 'dulce-de-leche-donut',
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT'], diets: ['VEGETARIAN'] },
			name: 'Dulce de Leche Donut',
			description:
				'A pillowy sugar-rolled brioche donut piped full of slow-cooked dulce de leche, with a little extra swirled on top.',
			priceCents: 375,
			imageAlt: 'Round sugar-coated donuts filled with dulce de leche, with a swirl of caramel on top, on parchment.',
		},
		{
			slug: 'churro-donut',
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT', 'SOYBEANS'], diets: ['VEGETARIAN'] },
			name: 'Churro Donut',
			description:
				'Our classic yeast-raised ring, fried golden and tossed warm in cinnamon sugar, finished with a thin drizzle of dark chocolate.',
			priceCents: 350,
			imageAlt:
				'Ring donuts coated in sparkling cinnamon sugar with a zigzag of dark chocolate, next to cinnamon sticks.',
		},
		{
			slug: 'guava-cream-cheese-donut',
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT'], diets: ['VEGETARIAN'] },
			name: 'Guava & Cream Cheese Donut',
			description:
				'Romeu e Julieta in donut form: a pink guava glaze and a ribbon of tangy cream cheese icing on a soft, golden ring.',
			priceCents: 400,
			imageAlt: 'Donuts with a glossy pink guava glaze and white cream cheese drizzle on a speckled cream plate.',
		},
		{
			slug: 'horchata-glazed-donut',
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT'], diets: ['VEGETARIAN'] },
			name: 'Horchata Glazed Donut',
			description:
				'A cinnamon-rice milk glaze, a whisper of vanilla and a dusting of canela on a light, airy ring. Tastes like a glass of horchata.',
			priceCents: 350,
			imageAlt:
				'Ring donuts with a creamy horchata glaze dusted with cinnamon on a linen cloth, next to a glass of horchata and a cinnamon stick.',
		},
		{
			slug: 'brigadeiro-donut',
			allergens: { contains: ['MILK', 'EGGS', 'WHEAT', 'SOYBEANS'], diets: ['VEGETARIAN'] },
			name: 'Brigadeiro Donut',
			description:
				'Fudgy brigadeiro glaze, a shower of chocolate sprinkles and a whole brigadeiro on top, for the true chocolate lovers.',
			priceCents: 375,
			imageAlt:
				'Chocolate-glazed donuts covered in chocolate sprinkles, each topped with a brigadeiro truffle, on white marble.',
		},
	]),
]

export const demoReviews: ReadonlyArray<DemoReview> = [
	{
		name: 'Mariana S.',
		comment:
			'The pão de queijo tastes exactly like the ones from the padaria near my avó’s house in Belo Horizonte. I cried a little. Obrigada!',
		rating: 5,
		daysAgo: 3,
	},
	{
		name: 'Carlos R.',
		comment:
			'Ordered a tres leches cake for my daughter’s quinceañera and it was perfect: moist, not too sweet, and beautifully decorated. Everyone asked where it was from.',
		rating: 5,
		daysAgo: 6,
	},
	{
		name: 'Jenny L.',
		comment:
			'My Saturday routine now: a horchata donut and a cortado before the farmers market. The staff remember my name and my order.',
		rating: 4,
		daysAgo: 9,
	},
	{
		name: 'Diego M.',
		comment:
			'Conchas as good as my tía’s in Guadalajara. The chocolate one is still soft the next morning (if it lasts that long).',
		rating: 5,
		daysAgo: 14,
	},
	{
		name: 'Priya K.',
		comment:
			'Had never tried a brigadeiro before. Now I buy a box every Friday for the office. The passion fruit mousse cake is unreal too.',
		rating: 5,
		daysAgo: 19,
	},
	{
		name: 'Tom & Ruth B.',
		comment:
			'Cosy little spot with proper coffee and a friendly welcome. We stopped in on a rainy afternoon and stayed for two hours and three pastries.',
		rating: 4,
		daysAgo: 27,
	},
	{
		name: 'Fernanda O.',
		comment: 'Coxinha crocante, recheio cremoso… que saudade! Finally real Brazilian salgados in Everett.',
		rating: 5,
		daysAgo: 33,
	},
	{
		name: 'Luis G.',
		comment:
			'The chocoflan for my dad’s birthday was a hit. Pickup was quick and easy, and they even added a little “Feliz Cumpleaños” on the board.',
		rating: 5,
		daysAgo: 41,
	},
	{
		name: 'Hannah W.',
		comment:
			'The churro donut is dangerous. Warm, crunchy cinnamon sugar and that chocolate drizzle. I’ve stopped pretending I’ll only have one.',
		rating: 5,
		daysAgo: 52,
	},
	{
		name: 'Ana Paula & Rafael',
		comment:
			'We ordered our wedding cake here, a fruit cake with passion fruit and strawberries, and our guests are still talking about it. Muito obrigado!',
		rating: 5,
		daysAgo: 68,
	},
]

const galleryEntries: ReadonlyArray<Omit<DemoGalleryImage, 'sortOrder'>> = [
	{
		slug: 'storefront',
		image: 'storefront',
		alt: 'The bakery’s front on a quiet morning: a striped terracotta awning, big warmly lit windows full of pastries and cakes, potted plants, a bench and a chalkboard sign by the door.',
	},
	{
		slug: 'display-case',
		image: 'display-case',
		alt: 'Inside the bakery: a glass display case filled with trays of conchas, donuts, brigadeiros and churros under colourful papel picado banners.',
	},
	{
		slug: 'pastry-spread',
		image: 'pastry-spread',
		alt: 'An overhead spread of conchas, pão de queijo, brigadeiros, churros and a guava-glazed donut with a cup of coffee on a wooden table.',
	},
	{
		slug: 'latte-art',
		image: 'latte-art',
		alt: 'A latte with a rosetta of foam art beside a small cafezinho, a brigadeiro, a beijinho and a scattering of coffee beans on linen.',
	},
	{
		slug: 'morning-bake',
		image: 'morning-bake',
		alt: 'Twelve fresh conchas cooling in neat rows on a baking tray, on a wooden table dusted with flour.',
	},
	{
		slug: 'celebration-cake',
		image: 'celebration-cake',
		alt: 'A vanilla celebration cake with piped buttercream rosettes, topped with fresh strawberries, kiwi, mango and blueberries, on a white cake stand.',
	},
	{
		slug: 'conchas-close-up',
		image: 'conchas',
		alt: 'Close-up of strawberry, vanilla and chocolate conchas with their shell-patterned sugar tops.',
	},
	{
		slug: 'cafe-corner',
		image: 'cafe-corner',
		alt: 'A cosy café corner with a small round table, coffee and pastry, plants and a rain-streaked window looking out on evergreen trees.',
	},
	{
		slug: 'donut-box',
		image: 'donut-box',
		alt: 'An open pink pastry box holding six donuts: guava, horchata, churro, brigadeiro and dulce de leche.',
	},
	{
		slug: 'coffee-and-pastry',
		image: 'coffee',
		alt: 'A cappuccino with heart latte art on a saucer, steam rising, next to pão de queijo and coffee beans.',
	},
	{
		slug: 'tres-leches-slice',
		image: 'tres-leches-cake',
		alt: 'A slice of tres leches cake with whipped cream, cinnamon and a strawberry in a pool of sweet milk.',
	},
	{
		slug: 'home-kitchen',
		image: 'story',
		alt: 'A sunny home kitchen with blue-and-yellow tiles, a crock of wooden spoons, a bowl of dough, a rolling pin, eggs and a handwritten recipe card on a floury table.',
	},
]

export const demoGallery: ReadonlyArray<DemoGalleryImage> = galleryEntries.map((entry, i) => ({
	...entry,
	sortOrder: (i + 1) * 10,
}))

export const demoCakeRequests: ReadonlyArray<DemoCakeRequest> = [
	{
		name: 'Gabriela Torres',
		phone: '(425) 555-0142',
		email: 'gabriela.torres@example.com',
		type: 'Tres Leches',
		size: '12-inch',
		message:
			'For my parents’ 40th anniversary on the 14th. Could you decorate it with white roses and gold “40”? About 30 guests. Pickup around noon.',
		daysAgo: 1,
	},
	{
		name: 'Ben Carter',
		phone: '(206) 555-0117',
		email: 'ben.carter@example.com',
		type: 'Chocolate',
		size: '8-inch',
		message:
			'Brigadeiro-style chocolate cake for my son’s 7th birthday. He loves dinosaurs, so green sprinkles if possible. No nuts please.',
		daysAgo: 2,
	},
	{
		name: 'Luana Ferreira',
		phone: '(425) 555-0186',
		email: 'luana.ferreira@example.com',
		type: 'Fruit',
		size: '10-inch',
		message:
			'Passion fruit mousse with fresh strawberries on top for a baby shower (it’s a girl!). Something light and pretty in pastel colours would be amazing.',
		daysAgo: 4,
	},
	{
		name: 'Mike Nguyen',
		phone: '(360) 555-0123',
		email: 'mike.nguyen@example.com',
		type: 'Vanilla',
		size: '10-inch',
		message:
			'Office retirement party for Linda. Simple vanilla with buttercream, “Happy Retirement, Linda!” on top. Is Friday morning pickup okay?',
		daysAgo: 6,
	},
]

const weekdayNumbers = {
	Sunday: 0,
	Monday: 1,
	Tuesday: 2,
	Wednesday: 3,
	Thursday: 4,
	Friday: 5,
	Saturday: 6,
} as const

/**
 * Weekly opening hours rows (weekday 0 = Sunday) from schema.org-style hours such as
 * `defaultBusiness.openingHours` in app/config/business.ts; a day listed twice keeps its first hours.
 */
export function weeklyHoursFrom(
	hours: ReadonlyArray<{ days: ReadonlyArray<keyof typeof weekdayNumbers>; opens: string; closes: string }>,
): Array<{ weekday: number; opensAt: string; closesAt: string }> {
	const byDay = new Map<number, { weekday: number; opensAt: string; closesAt: string }>()
	for (const { days, opens, closes } of hours) {
		for (const day of days) {
			const weekday = weekdayNumbers[day]
			if (!byDay.has(weekday)) byDay.set(weekday, { weekday, opensAt: opens, closesAt: closes })
		}
	}
	return [...byDay.values()].sort((a, b) => a.weekday - b.weekday)
}

/**
 * The next yearly pickup window (within one calendar year) that has not ended by `today` ('YYYY-MM-DD'),
 * e.g. Jan 2–6 of next year in November, so a fresh demo database shows the seasonal item as a preorder.
 */
export function nextSeason(today: string, season: { from: MonthDay; until: MonthDay }) {
	const thisYear = Number(today.slice(0, 4))
	const year = `${thisYear}-${season.until}` >= today ? thisYear : thisYear + 1
	return { availableFrom: `${year}-${season.from}`, availableUntil: `${year}-${season.until}` }
}
