import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { AdminHeading, secondaryButtonClass, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import { ConfirmDeletePanel, DeleteForm } from '~/components/admin/delete-form'
import { galleryUploadSchema } from '~/domain/content/content-schemas'
import { acceptedImageTypes, ownerImageUpload } from '~/utils/upload-rules'
import { useHydrated } from '~/utils/hydration'
import { FormErrors, TextField } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import { StoredImage } from '~/components/stored-image'
import {
	createGalleryImage,
	deleteGalleryImage,
	listGalleryImagesForAdmin,
	moveGalleryImage,
	type AdminGalleryImage,
} from '~/domain/content/models/gallery-image.server'
import { adminReply, deleteAfterConfirming, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { checkImageForm, readImageForm, uploadFailureReply, type ParsedForm } from '~/utils/uploads.server'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Gallery')

const DELETE_QUESTION = 'Are you sure you want to delete this image?'

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	return data({ adminName: admin.name, images: await listGalleryImagesForAdmin() }, { headers: adminResponseHeaders })
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	// The upload form and the small move and delete forms post here: read within the upload's limits.
	const parsed = await readImageForm(request, ownerImageUpload)
	const form = parsed.formData
	const intent = form.get('intent')
	const id = String(form.get('id') ?? '')
	if (intent === 'upload' || parsed.problem) return upload(parsed)
	if (!id) refuseAdminAction('Missing row')
	if (intent === 'up' || intent === 'down') {
		const moved = await moveGalleryImage(id, intent)
		return adminReply({ message: moved ? `Moved ${intent}.` : 'That image can’t move further.' })
	}
	if (intent === 'delete') return deleteAfterConfirming(form, id, deleteGalleryImage, 'image')
	refuseAdminAction()
}

async function upload(parsed: ParsedForm) {
	const form = await checkImageForm(parsed, galleryUploadSchema, ownerImageUpload, adminResponseHeaders)
	if (!form.value) return form.reply(form.refusal, { message: undefined })
	const outcome = await createGalleryImage(form.value.image, form.value.alt)
	if (!outcome.ok) return form.reply(uploadFailureReply(outcome.failure, ownerImageUpload), { message: undefined })
	return form.reply({ resetForm: true }, { message: 'Image added to the gallery.' })
}

type ActionData = ReturnType<typeof useActionData<typeof action>>

export default function AdminGallery() {
	const { adminName, images } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const uploadReply = actionData && 'result' in actionData ? actionData : undefined
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Gallery" />
			<StatusRegion message={actionData?.message} />
			<UploadForm actionData={uploadReply} />
			<h2 className="mt-10 mb-4 font-display text-2xl font-bold">Pictures in gallery order</h2>
			{images.length === 0 ? (
				<p className="text-lg">The gallery is empty.</p>
			) : (
				<ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
					{images.map((image, index) => (
						<GalleryCard
							key={image.id}
							image={image}
							position={index + 1}
							isFirst={index === 0}
							isLast={index === images.length - 1}
							confirming={actionData && 'confirm' in actionData ? actionData.confirm === image.id : false}
						/>
					))}
				</ol>
			)}
		</AdminFrame>
	)
}

function UploadForm({ actionData }: { actionData?: Extract<ActionData, { result: unknown }> }) {
	const navigation = useNavigation()
	const hydrated = useHydrated()
	const uploading = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'upload'
	const [form, fields] = useForm({
		id: 'gallery-upload',
		lastResult: actionData?.result,
		constraint: getZodConstraint(galleryUploadSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: galleryUploadSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<section aria-labelledby="gallery-upload-heading" className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough">
			<h2 id="gallery-upload-heading" className="font-display text-2xl font-bold">
				Add a picture
			</h2>
			<Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4">
				<input type="hidden" name="intent" value="upload" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<TextField
					meta={fields.alt}
					label="Description"
					hint="What the picture shows, for people who can’t see it (required)."
					autoComplete="off"
				/>
				<TextField
					meta={fields.image}
					label="Image"
					hint={
						!hydrated && actionData?.imageAttached
							? ownerImageUpload.messages.chooseAgain
							: ownerImageUpload.messages.hint
					}
					type="file"
					accept={acceptedImageTypes.join(',')}
				/>
				<button type="submit" className={`${buttonClass} mt-2`} disabled={uploading}>
					{uploading ? 'Uploading...' : 'Add to gallery'}
				</button>
			</Form>
		</section>
	)
}

function GalleryCard({
	image,
	position,
	isFirst,
	isLast,
	confirming,
}: {
	image: AdminGalleryImage
	position: number
	isFirst: boolean
	isLast: boolean
	confirming: boolean
}) {
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && navigation.formData?.get('id') === image.id
	return (
		<li className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-dough">
			<StoredImage
				imageKey={image.storageKey}
				alt={image.alt}
				sizes="(min-width: 1024px) 352px, (min-width: 640px) 50vw, 100vw"
				width={640}
				height={480}
				className="aspect-[4/3] w-full object-cover"
			/>
			<div className="flex flex-1 flex-col gap-3 p-4">
				<p>
					<span className="font-semibold">{position}.</span> {image.alt}
				</p>
				<div className="mt-auto flex flex-wrap gap-2">
					<Form method="post" className="flex gap-2">
						<input type="hidden" name="id" value={image.id} />
						<button type="submit" name="intent" value="up" className={secondaryButtonClass} disabled={isFirst || busy}>
							Move up<VisuallyHidden>: picture {position}</VisuallyHidden>
						</button>
						<button type="submit" name="intent" value="down" className={secondaryButtonClass} disabled={isLast || busy}>
							Move down<VisuallyHidden>: picture {position}</VisuallyHidden>
						</button>
					</Form>
					<DeleteForm id={image.id} question={DELETE_QUESTION}>
						Delete <VisuallyHidden>picture {position}</VisuallyHidden>
					</DeleteForm>
				</div>
				{confirming ? <ConfirmDeletePanel id={image.id} question={DELETE_QUESTION} /> : null}
			</div>
		</li>
	)
}
