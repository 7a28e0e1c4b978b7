import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import type { ComponentProps, ReactNode } from 'react'
import { useTranslateMessage } from '~/utils/i18n-react'

const controlClass =
	'mt-1 block w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2 text-cocoa shadow-sm placeholder:text-cocoa/60 focus:border-cinnamon aria-[invalid=true]:border-red-700'

/** Errors for one field, linked to it by aria-describedby (Conform sets the id). */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
	const translate = useTranslateMessage()
	return (
		<div id={id} className="min-h-5 text-sm text-red-800" aria-live="polite">
			{errors?.length ? errors.map((error) => <p key={error}>{translate(error)}</p>) : null}
		</div>
	)
}

function FieldShell({
	id,
	label,
	hint,
	errorId,
	errors,
	children,
}: {
	id: string
	label: ReactNode
	hint?: ReactNode
	errorId: string
	errors?: string[]
	children: ReactNode
}) {
	return (
		<div className="mb-2">
			<label htmlFor={id} className="block font-semibold">
				{label}
			</label>
			{hint ? (
				<p id={hintIdOf(id)} className="text-sm text-cocoa/80">
					{hint}
				</p>
			) : null}
			{children}
			<FieldErrors id={errorId} errors={errors} />
		</div>
	)
}

function hintIdOf(fieldId: string) {
	return `${fieldId}-hint`
}

/** The control is described by its hint (when there is one) and by its errors (Conform's, when invalid). */
function describedBy(fieldId: string, hint: ReactNode, conformIds: string | undefined) {
	return [hint ? hintIdOf(fieldId) : null, conformIds].filter(Boolean).join(' ') || undefined
}

type InputType = 'text' | 'email' | 'tel' | 'url' | 'number' | 'file' | 'date' | 'time'

export function TextField({
	meta,
	label,
	hint,
	type = 'text',
	...props
}: {
	meta: FieldMetadata<string | undefined> | FieldMetadata<string> | FieldMetadata<unknown>
	label: ReactNode
	hint?: ReactNode
	type?: InputType
} & Omit<ComponentProps<'input'>, 'type' | 'name' | 'id' | 'defaultValue'>) {
	const inputProps = getInputProps(meta as FieldMetadata<string>, { type, ariaAttributes: true })
	if (type === 'file') delete (inputProps as { defaultValue?: unknown }).defaultValue
	return (
		<FieldShell id={meta.id} label={label} hint={hint} errorId={meta.errorId} errors={meta.errors}>
			<input
				{...inputProps}
				{...props}
				key={inputProps.key}
				aria-describedby={describedBy(meta.id, hint, inputProps['aria-describedby'])}
				className={controlClass}
			/>
		</FieldShell>
	)
}

export function TextareaField({
	meta,
	label,
	hint,
	...props
}: {
	meta: FieldMetadata<string | undefined> | FieldMetadata<string>
	label: ReactNode
	hint?: ReactNode
} & Omit<ComponentProps<'textarea'>, 'name' | 'id' | 'defaultValue'>) {
	const textareaProps = getTextareaProps(meta as FieldMetadata<string>, { ariaAttributes: true })
	return (
		<FieldShell id={meta.id} label={label} hint={hint} errorId={meta.errorId} errors={meta.errors}>
			<textarea
				{...textareaProps}
				{...props}
				key={textareaProps.key}
				aria-describedby={describedBy(meta.id, hint, textareaProps['aria-describedby'])}
				className={controlClass}
			/>
		</FieldShell>
	)
}

export function SelectField({
	meta,
	label,
	hint,
	options,
	placeholder,
	...props
}: {
	meta: FieldMetadata<string | undefined> | FieldMetadata<string>
	label: ReactNode
	hint?: ReactNode
	options: ReadonlyArray<string | { value: string; label: string }>
	placeholder?: string
} & Omit<ComponentProps<'select'>, 'name' | 'id' | 'defaultValue'>) {
	const selectProps = getSelectProps(meta as FieldMetadata<string>, { ariaAttributes: true })
	return (
		<FieldShell id={meta.id} label={label} hint={hint} errorId={meta.errorId} errors={meta.errors}>
			<select
				{...selectProps}
				{...props}
				key={selectProps.key}
				aria-describedby={describedBy(meta.id, hint, selectProps['aria-describedby'])}
				className={controlClass}
			>
				{placeholder ? <option value="">{placeholder}</option> : null}
				{options.map((option) => {
					const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option
					return (
						<option key={value} value={value}>
							{text}
						</option>
					)
				})}
			</select>
		</FieldShell>
	)
}

/** A form-level message (success or failure) that screen readers announce. */
export function FormStatus({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
	return (
		<div
			role={tone === 'error' ? 'alert' : 'status'}
			className={
				tone === 'error'
					? 'rounded-lg border border-red-800 bg-red-50 p-3 text-red-900'
					: 'rounded-lg border border-leaf bg-green-50 p-3 text-green-900'
			}
		>
			{children}
		</div>
	)
}

/** The form-level errors Conform reports (`form.errors`), announced, under the form's `errorId`. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
	const translate = useTranslateMessage()
	if (!errors?.length) return null
	return (
		<div id={id} className="mb-4">
			<FormStatus tone="error">
				{errors.map((error) => (
					<p key={error}>{translate(error)}</p>
				))}
			</FormStatus>
		</div>
	)
}
