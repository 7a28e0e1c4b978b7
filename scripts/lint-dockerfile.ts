/**
 * The Dockerfile's lint (`npm run lint`): dockerfile-utils, the validator of the Docker language server, with every
 * rule it lets us configure raised to an error, since its own CLI passes a file with warnings (decision 060).
 *
 *   npx tsx scripts/lint-dockerfile.ts [Dockerfile…]
 */
import { readFileSync } from 'node:fs'
import { validate, ValidationSeverity, type ValidatorSettings } from 'dockerfile-utils'

const strict: Required<ValidatorSettings> = {
	deprecatedMaintainer: ValidationSeverity.ERROR,
	directiveCasing: ValidationSeverity.ERROR,
	emptyContinuationLine: ValidationSeverity.ERROR,
	instructionCasing: ValidationSeverity.ERROR,
	instructionCmdMultiple: ValidationSeverity.ERROR,
	instructionEntrypointMultiple: ValidationSeverity.ERROR,
	instructionHealthcheckMultiple: ValidationSeverity.ERROR,
	instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
	instructionWorkdirRelative: ValidationSeverity.ERROR,
}

const files = process.argv.slice(2)
let problems = 0
for (const file of files.length > 0 ? files : ['Dockerfile']) {
	const text = readFileSync(file, 'utf8')
	const lines = text.split(/\r?\n/)
	for (const { range, message } of validate(text, strict)) {
		problems++
		console.error(`${file}:${range.start.line + 1}:${range.start.character + 1}: ${message}`)
		console.error(`  ${lines[range.start.line] ?? ''}`)
	}
}
if (problems > 0) {
	console.error(`${problems} Dockerfile problem${problems === 1 ? '' : 's'}`)
	process.exit(1)
}
