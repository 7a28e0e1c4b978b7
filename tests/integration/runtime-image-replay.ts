/**
 * The Dockerfile's runtime stage replayed without Docker (decision 060): what its COPY lines put in the image, in
 * a clean folder that stands for its WORKDIR, then fly.toml's release command and the CMD, as the image's USER.
 * Everything is read from the Dockerfile, .dockerignore and fly.toml, so the replay follows them.
 */
import { execFile as execFileCallback, spawn } from 'node:child_process'
import { chmodSync, cpSync, existsSync, globSync, linkSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { DockerfileParser, type Instruction, type JSONInstruction, type PropertyInstruction } from 'dockerfile-ast'
import { parse as parseToml } from 'smol-toml'

export interface DockerInstruction {
	keyword: string
	/** The instruction's arguments; for the JSON (exec) form, its strings. */
	args: string[]
	/** Whether the arguments came from the JSON form (`CMD ["node", …]`). */
	jsonForm: boolean
	flags: Record<string, string>
	/** ENV's name=value pairs. */
	properties: Array<[string, string]>
	/** 1-based, for messages. */
	line: number
	text: string
}

interface Stage {
	name: string | undefined
	/** A stage's name or an image. */
	from: string
	instructions: DockerInstruction[]
}

export function parseDockerfile(text: string): Stage[] {
	const stages: Stage[] = []
	for (const instruction of DockerfileParser.parse(text).getInstructions()) {
		const parsed = toDockerInstruction(instruction)
		if (parsed.keyword === 'FROM') {
			const [from = '', as, name] = parsed.args
			stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] })
		} else if (parsed.keyword !== 'ARG' || stages.length > 0) {
			if (stages.length === 0) throw new Error(`Dockerfile line ${parsed.line}: ${parsed.keyword} before FROM`)
			stages.at(-1)!.instructions.push(parsed)
		}
	}
	return stages
}

function toDockerInstruction(instruction: Instruction): DockerInstruction {
	const keyword = instruction.getKeyword().toUpperCase()
	const json = 'getJSONStrings' in instruction ? (instruction as JSONInstruction).getJSONStrings() : []
	const flags = 'getFlags' in instruction ? (instruction as JSONInstruction).getFlags() : []
	const properties =
		keyword === 'ENV'
			? (instruction as PropertyInstruction).getProperties()
			: ([] as ReturnType<PropertyInstruction['getProperties']>)
	return {
		keyword,
		jsonForm: json.length > 0,
		args:
			json.length > 0
				? json.map((string) => string.getJSONValue())
				: instruction.getArguments().map((a) => a.getValue()),
		flags: Object.fromEntries(flags.map((flag) => [flag.getName(), flag.getValue() ?? ''])),
		properties: properties.map((property) => [property.getName(), property.getUnescapedValue() ?? '']),
		line: instruction.getRange().start.line + 1,
		text: instruction.toString().replace(/\\\r?\n\s*/g, ' '),
	}
}

/** The image's configuration and the instructions that build it, from the stage's ancestors down. */
export function imageOf(stages: Stage[], stageName?: string) {
	const chain: Stage[] = []
	for (let stage = stageName ? stageNamed(stages, stageName) : stages.at(-1); stage;) {
		chain.unshift(stage)
		stage = stages.find((candidate) => candidate.name === stage!.from)
	}
	const env: Record<string, string> = {}
	let workdir = '/'
	let user = 'root'
	let cmd: DockerInstruction | undefined
	let entrypoint: DockerInstruction | undefined
	// Each building instruction with the WORKDIR in force when it ran.
	const steps: Array<{ instruction: DockerInstruction; workdir: string }> = []
	for (const instruction of chain.flatMap((stage) => stage.instructions)) {
		switch (instruction.keyword) {
			case 'ENV':
				for (const [name, value] of instruction.properties) env[name] = value
				break
			case 'WORKDIR':
				workdir = path.posix.resolve(workdir, instruction.args[0] ?? '.')
				break
			case 'USER':
				user = instruction.args[0] ?? user
				break
			case 'CMD':
				cmd = instruction
				break
			case 'ENTRYPOINT':
				entrypoint = instruction
				cmd = undefined
				break
			case 'COPY':
			case 'ADD':
			case 'RUN':
				steps.push({ instruction, workdir })
				break
		}
	}
	const command = [...(entrypoint ? processArgs(entrypoint) : []), ...(cmd ? processArgs(cmd) : [])]
	return { env, workdir, user, command, steps }
}

function processArgs(instruction: DockerInstruction) {
	return instruction.jsonForm ? instruction.args : ['/bin/sh', '-c', instruction.args.join(' ')]
}

function stageNamed(stages: Stage[], name: string) {
	const stage = stages.find((candidate) => candidate.name === name) ?? stages[Number(name)]
	if (!stage) throw new Error(`The Dockerfile has no stage "${name}"`)
	return stage
}

/** fly.toml: the release command and the [env] section. */
export function readFlyConfig(text: string) {
	const config = parseToml(text) as { deploy?: { release_command?: string }; env?: Record<string, string> }
	return { releaseCommand: config.deploy?.release_command, env: config.env ?? {} }
}

/** .dockerignore as Docker reads it: the last matching pattern decides, `!` re-includes, a matched folder takes its files. */
export function dockerIgnore(text: string) {
	const patterns = text
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter((line) => line && !line.startsWith('#'))
		.map((line) => {
			const exclude = !line.startsWith('!')
			const pattern = path.posix.normalize(line.replace(/^!/, '').replace(/^\/+/, '')).replace(/\/$/, '')
			return { exclude, pattern }
		})
	return (relativePath: string) => {
		let ignored = false
		for (const { exclude, pattern } of patterns) {
			if (path.matchesGlob(relativePath, pattern) || path.matchesGlob(relativePath, `${pattern}/**`)) ignored = exclude
		}
		return ignored
	}
}

/**
 * RUN lines the checkout has already done (CI runs `npm ci` and `npm run build` before the tests): a stage with one of
 * them is the checkout itself, its WORKDIR the checkout's root.
 */
const doneByTheCheckout = ['npm ci --include=dev', 'npx prisma generate && npm run build']
/** RUN lines that change the operating system (packages, users), which only the real image has (decision 060). */
const notReplayed = [/\bapt-get\s/, /\b(useradd|groupadd|adduser|addgroup)\s/]
/**
 * RUN lines run in the replayed stage's folder: only those known to stay inside it. Any other stops the replay, since
 * a step written for the image (`mkdir /app/data`) would change this machine.
 */
const replayedRuns = [/^npm prune( |$)/]

export interface ReplayOptions {
	/** The checkout (the build context). */
	root: string
	/** An empty folder for the replay's files, readable by everyone. */
	workspace: string
	/** The image's folder, inside the workspace. */
	name: string
	/** Lines of the Dockerfile the replay skips, as if they were not there (1-based). */
	skipLines?: number[]
	/** The stages other images may copy from, materialised once per workspace. */
	stages: Map<string, string>
}

/** Materialises a stage into a folder that stands for its WORKDIR; returns that folder. */
export async function materializeStage(stages: Stage[], stageName: string | undefined, options: ReplayOptions) {
	const materialized = options.stages
	const image = imageOf(stages, stageName)
	const ignored = dockerIgnore(readOptional(path.join(options.root, '.dockerignore')))
	const owners = userIds(image.steps.map((step) => step.instruction))

	const folderOf = async (name: string): Promise<string> => {
		const known = materialized.get(name)
		if (known) return known
		const stage = stageNamed(stages, name)
		const ownRuns = stage.instructions.filter((instruction) => instruction.keyword === 'RUN')
		const folder = ownRuns.some((run) => doneByTheCheckout.includes(runText(run)))
			? options.root
			: await build(name, path.join(options.workspace, `stage-${name}`))
		materialized.set(name, folder)
		return folder
	}

	async function build(name: string | undefined, folder: string) {
		const { workdir, env, steps } = imageOf(stages, name)
		rmSync(folder, { recursive: true, force: true })
		mkdirSync(folder, { recursive: true })
		const inFolder = (imagePath: string) => {
			const relative = path.posix.relative(workdir, path.posix.resolve(workdir, imagePath))
			if (relative.startsWith('..')) {
				throw new Error(`The replay holds only the WORKDIR (${workdir}) of the image, not ${imagePath}`)
			}
			return path.join(folder, relative)
		}
		for (const { instruction, workdir: stepWorkdir } of steps) {
			if (options.skipLines?.includes(instruction.line)) continue
			if (stepWorkdir !== workdir) {
				throw new Error(`Dockerfile line ${instruction.line}: the replay follows one WORKDIR (${workdir}) per stage`)
			}
			if (instruction.keyword === 'RUN') {
				const run = runText(instruction)
				if (notReplayed.some((pattern) => pattern.test(run))) continue
				if (!replayedRuns.some((pattern) => pattern.test(run))) {
					throw new Error(
						`Dockerfile line ${instruction.line}: the replay does not know \`RUN ${run}\`; add it to replayedRuns ` +
							`or notReplayed (tests/integration/runtime-image-replay.ts) with why`,
					)
				}
				// On this machine, as `docker build` runs a step on the build machine (its network and npm settings), with
				// the image's ENV; no advisory or funding requests to the registry.
				await execFile('/bin/sh', ['-c', run], {
					cwd: folder,
					env: { ...process.env, ...env, PATH: hostPath(), npm_config_audit: 'false', npm_config_fund: 'false' },
				})
				continue
			}
			if (instruction.keyword === 'ADD')
				throw new Error(`Dockerfile line ${instruction.line}: ADD is not replayed; use COPY`)
			const { from, chown } = instruction.flags
			const sources = instruction.args.slice(0, -1)
			const destination = instruction.args.at(-1)!
			const owner = chown === undefined ? undefined : owners(chown.split(':')[0] ?? chown)
			const intoFolder = destination.endsWith('/') || sources.length > 1
			for (const source of sources) {
				const fromStage = from === undefined ? undefined : await folderOf(from)
				const fromWorkdir = from === undefined ? '/' : imageOf(stages, from).workdir
				const base = fromStage ?? options.root
				const pattern = path.posix.relative(fromWorkdir, path.posix.resolve(fromWorkdir, source)) || '.'
				if (pattern.startsWith('..')) {
					throw new Error(`Dockerfile line ${instruction.line}: the replay holds only ${fromWorkdir} of stage ${from}`)
				}
				const matches = globSync(pattern, { cwd: base })
				if (matches.length === 0) {
					const where = base === options.root ? 'the checkout (`npm run build` first?)' : `stage ${from}`
					throw new Error(`Dockerfile line ${instruction.line}: ${source} does not exist in ${where}`)
				}
				for (const match of matches) {
					const sourcePath = path.join(base, match)
					const isFolder = statSync(sourcePath).isDirectory()
					const target = inFolder(
						intoFolder && !isFolder ? path.posix.join(destination, path.basename(match)) : destination,
					)
					if (fromStage) await linkTree(sourcePath, target, owner)
					else await copyFromContext(sourcePath, target, options.root, ignored, owner)
				}
			}
		}
		return folder
	}

	return { folder: await build(stageName, path.join(options.workspace, options.name)), image, owners }
}

// Asynchronous: a long copy or prune must not block the test worker, which reports to Vitest meanwhile.
const execFile = promisify(execFileCallback)

function runText(instruction: DockerInstruction) {
	return instruction.args.join(' ')
}

/** `useradd --uid N name` lines give the users' ids; a numeric USER is its own. */
function userIds(instructions: DockerInstruction[]) {
	const ids = new Map<string, number>([['root', 0]])
	for (const instruction of instructions) {
		if (instruction.keyword !== 'RUN' || instruction.args[0] !== 'useradd') continue
		const uid = instruction.args.indexOf('--uid')
		if (uid !== -1) ids.set(instruction.args.at(-1)!, Number(instruction.args[uid + 1]))
	}
	return (user: string) => {
		const id = /^\d+$/.test(user) ? Number(user) : ids.get(user)
		if (id === undefined) throw new Error(`The Dockerfile creates no user ${user} with a fixed --uid`)
		return id
	}
}

/**
 * A stage's files, hard-linked (fast, and what the stage built is not copied again). Folders are new and take the
 * owner; the linked files keep the checkout's owner and modes (readable by all), which a chown would change too.
 * npm rewrites its hidden lockfile in place: that one is copied, so a replayed `npm prune` leaves the checkout alone.
 */
async function linkTree(source: string, target: string, owner: number | undefined) {
	mkdirSync(path.dirname(target), { recursive: true })
	if (statSync(source).isDirectory()) {
		mkdirSync(target, { recursive: true })
		await execFile('cp', ['-al', `${source}/.`, target])
		const lockfile = path.join(target, '.package-lock.json')
		if (existsSync(lockfile))
			await execFile('cp', ['--remove-destination', path.join(source, '.package-lock.json'), lockfile])
		if (owner !== undefined && canChown())
			await execFile('find', [target, '-type', 'd', '-exec', 'chown', String(owner), '{}', '+'])
	} else {
		linkSync(source, target)
	}
}

async function copyFromContext(
	source: string,
	target: string,
	root: string,
	ignored: (relativePath: string) => boolean,
	owner: number | undefined,
) {
	cpSync(source, target, {
		recursive: true,
		filter: (file) => file === source || !ignored(path.relative(root, file)),
	})
	if (owner !== undefined && canChown()) await execFile('chown', ['-R', String(owner), target])
}

function canChown() {
	return process.getuid?.() === 0
}

/** The Node.js running the tests, and the system's tools (npx comes with the system's npm). */
function hostPath() {
	return [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':')
}

/**
 * A PATH whose `node` another user can run: this Node.js hard-linked into the workspace (its own folder may be
 * private, e.g. under /root).
 */
export function pathForUser(workspace: string) {
	const bin = path.join(workspace, 'bin')
	mkdirSync(bin, { recursive: true })
	chmodSync(workspace, 0o755)
	try {
		linkSync(process.execPath, path.join(bin, 'node'))
	} catch {
		cpSync(process.execPath, path.join(bin, 'node'))
	}
	return [bin, '/usr/local/bin', '/usr/bin', '/bin'].join(':')
}

function readOptional(file: string) {
	return existsSync(file) ? readFileSync(file, 'utf8') : ''
}

export interface RunResult {
	code: number | null
	signal: NodeJS.Signals | null
	output: string
}

/** Runs a command to its end (the release command). */
export function runToEnd(
	[command, ...args]: string[],
	{ cwd, env, uid }: { cwd: string; env: Record<string, string | undefined>; uid?: number },
): Promise<RunResult> {
	return new Promise((resolve, reject) => {
		if (!command) return reject(new Error('No command to run'))
		const child = spawn(command, args, {
			cwd,
			env: env as NodeJS.ProcessEnv,
			uid,
			gid: uid,
			stdio: ['ignore', 'pipe', 'pipe'],
		})
		let output = ''
		child.stdout.on('data', (chunk) => (output += chunk))
		child.stderr.on('data', (chunk) => (output += chunk))
		child.on('error', reject)
		child.on('close', (code, signal) => resolve({ code, signal, output }))
	})
}
