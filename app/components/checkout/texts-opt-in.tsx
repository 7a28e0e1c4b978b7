import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { useT } from '~/utils/i18n-react'

/**
 * The opt-in to texts (decision 074): unticked, with the words the consent is recorded with, and how (SMS, or
 * WhatsApp where the bakery has a WhatsApp sender). Works as plain form fields without JavaScript.
 */
export function TextsOptIn({
	optIn,
	channel,
	whatsApp,
}: {
	optIn: FieldMetadata<unknown>
	channel: FieldMetadata<unknown>
	whatsApp: boolean
}) {
	const t = useT()
	const box = getInputProps(optIn as FieldMetadata<boolean>, { type: 'checkbox', value: 'on' })
	const chosen = channel.initialValue === 'whatsapp' ? 'whatsapp' : 'sms'
	return (
		<fieldset className="space-y-2">
			<legend className="font-semibold">{t('common.textsLegend')}</legend>
			<label className="flex items-start gap-3">
				<input {...box} key={box.key} className="mt-1 h-5 w-5 shrink-0 accent-cinnamon" />
				<span>{t('common.textsOptIn')}</span>
			</label>
			{whatsApp ? (
				<div className="flex flex-wrap gap-x-6 gap-y-2 ps-8">
					<label className="flex items-center gap-2">
						<input
							type="radio"
							name={channel.name}
							value="sms"
							defaultChecked={chosen === 'sms'}
							className="h-5 w-5 accent-cinnamon"
						/>
						{t('common.textsBySms')}
					</label>
					<label className="flex items-center gap-2">
						<input
							type="radio"
							name={channel.name}
							value="whatsapp"
							defaultChecked={chosen === 'whatsapp'}
							className="h-5 w-5 accent-cinnamon"
						/>
						{t('common.textsByWhatsApp')}
					</label>
				</div>
			) : null}
		</fieldset>
	)
}
