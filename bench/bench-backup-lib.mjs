// Pure helpers of the backup benchmark (bench/bench-backup.mjs): the seeded rows and objects, the
// options and the figures. No I/O here, so bench/bench-backup-lib.test.mjs can check them.
import { seededRandom } from './bench-search-lib.mjs';

const WORDS = (
  'backup restore server client release note meeting plan draft change review issue fix test config ' +
  'deploy storage network database query cache index user account token upload download share link ' +
  'folder file image archive version branch merge commit patch feature request response error log ' +
  'monitor alert schedule budget invoice customer order product support weekend recipe coffee project'
).split(' ');
const CHINESE = '我们 今天 会议 项目 服务器 数据库 配置 部署 备份 恢复 网络 用户 文件 文档 版本 发布 日志 计划'.split(' ');
const TAGS = ['work', 'notes', 'todo', 'ops', 'draft', 'recipe', 'travel', 'code', 'meeting', 'idea', '备份', '项目'];
const FILE_TYPES = [
  ['txt', 'text/plain', true],
  ['md', 'text/markdown', true],
  ['json', 'application/json', true],
  ['csv', 'text/csv', true],
  ['png', 'image/png', false],
  ['jpg', 'image/jpeg', false],
  ['pdf', 'application/pdf', false],
  ['zip', 'application/zip', false],
];

/** Share of the pastes of about 50 KB; the rest are 200 B – 4 KB. */
export const LARGE_PASTE_SHARE = 0.01;
/** Share of the pastes (and file shares) with a password. */
export const PASSWORD_SHARE = 0.1;
/** Share of the pastes with tags (1 to 3). */
export const TAGGED_SHARE = 0.3;
/** Share of the pastes that are end-to-end encrypted (content = an envelope of ciphertext). */
export const ENCRYPTED_SHARE = 0.03;
export const FILE_MIN_BYTES = 1024;
export const FILE_MAX_BYTES = 64 * 1024;

const pick = (random, list) => list[Math.floor(random() * list.length)];

/** A number between `min` and `max` whose logarithm is uniform: most values small, a long tail. */
export function logUniform(random, min, max) {
  return Math.round(Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min))));
}

/** The UTF-8 size paste number `index` aims at: 1 % of 40–60 KB, the others 200 B – 4 KB (log-uniform). */
export function pasteTargetBytes(random) {
  return random() < LARGE_PASTE_SHARE ? 40_000 + Math.floor(random() * 20_000) : logUniform(random, 200, 4096);
}

function sentence(random) {
  const words = Array.from({ length: 5 + Math.floor(random() * 10) }, () => pick(random, WORDS));
  if (random() < 0.2) words.push(pick(random, CHINESE));
  const text = words.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

/** Markdown (headings, paragraphs, lists, code) of about `bytes` UTF-8 bytes, never more. */
export function markdownOfSize(random, bytes) {
  const blocks = [`# ${sentence(random).slice(0, 48)}`];
  let size = Buffer.byteLength(blocks[0]);
  while (size < bytes) {
    const kind = random();
    const block =
      kind < 0.6
        ? Array.from({ length: 1 + Math.floor(random() * 4) }, () => sentence(random)).join(' ')
        : kind < 0.8
          ? Array.from({ length: 2 + Math.floor(random() * 4) }, () => `- ${sentence(random)}`).join('\n')
          : kind < 0.9
            ? `## ${sentence(random).slice(0, 40)}`
            : `\`\`\`js\nconst ${pick(random, WORDS)} = await load('${pick(random, WORDS)}', { retries: ${Math.floor(random() * 5)} });\n\`\`\``;
    blocks.push(block);
    size += Buffer.byteLength(block) + 2;
  }
  const text = blocks.join('\n\n');
  // Cut at a character boundary, not inside a multi-byte character.
  return Buffer.byteLength(text) <= bytes
    ? text
    : Buffer.from(text)
        .subarray(0, bytes)
        .toString('utf8')
        .replace(/\uFFFD$/u, '');
}

/**
 * Paste number `index` (deterministic): Markdown of pasteTargetBytes, or an encrypted envelope;
 * sometimes a remark, a password, an expiry, a view limit and tags (stored normalised: lower case).
 */
export function backupPaste(index) {
  const random = seededRandom(index * 2 + 101);
  const bytes = pasteTargetBytes(random);
  const encrypted = random() < ENCRYPTED_SHARE;
  const content = encrypted
    ? JSON.stringify({ v: 1, alg: 'AES-256-GCM', iv: base64(random, 12), ct: base64(random, Math.floor((bytes * 3) / 4)) })
    : markdownOfSize(random, bytes);
  const tagCount = random() < TAGGED_SHARE ? 1 + Math.floor(random() * 3) : 0;
  const tags = [...new Set(Array.from({ length: tagCount }, () => pick(random, TAGS)))];
  return {
    content,
    encryption: encrypted ? 'aes-256-gcm/v1' : null,
    remark: random() < 0.3 ? sentence(random).slice(0, 60) : null,
    hasPassword: random() < PASSWORD_SHARE,
    expiresInDays: random() < 0.1 ? 1 + Math.floor(random() * 60) : null,
    maxViews: random() < 0.05 ? 1 + Math.floor(random() * 20) : null,
    views: Math.floor(random() * 50),
    tags,
  };
}

/** File share number `index` (deterministic): name, type, size 1–64 KB (log-uniform), text or binary bytes. */
export function backupFile(index) {
  const random = seededRandom(index * 2 + 202);
  const [extension, mimetype, text] = pick(random, FILE_TYPES);
  return {
    filename: `${pick(random, WORDS)}-${pick(random, WORDS)}-${index}.${extension}`,
    mimetype,
    text,
    size: logUniform(random, FILE_MIN_BYTES, FILE_MAX_BYTES),
    remark: random() < 0.2 ? sentence(random).slice(0, 50) : null,
    hasPassword: random() < PASSWORD_SHARE,
    prefix: Math.floor(random() * 0xffffffff)
      .toString(16)
      .padStart(8, '0'),
  };
}

function base64(random, bytes) {
  const buffer = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i += 1) buffer[i] = Math.floor(random() * 256);
  return buffer.toString('base64url');
}

/**
 * The bytes of file `index`: text files are Markdown (compress well), the others pseudo-random
 * bytes (compress not at all), as photos and archives do. Exactly `file.size` bytes.
 */
export function fileBytes(index, file, randomBytes) {
  if (!file.text) return randomBytes(file.size);
  const random = seededRandom(index * 2 + 303);
  const body = Buffer.from(markdownOfSize(random, file.size));
  return body.length === file.size ? body : Buffer.concat([body, Buffer.alloc(file.size - body.length, 0x20)]);
}

/** `--name=value` of argv, else the environment variable, else the default; numbers must be positive integers. */
export function countOption(argv, flag, envValue, fallback) {
  const raw = argv.find((arg) => arg.startsWith(`--${flag}=`))?.slice(flag.length + 3) ?? envValue ?? String(fallback);
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${flag} must be a positive integer, not ${raw}`);
  return value;
}

/** The databases to measure: `--dbs=` or BENCH_BACKUP_DBS, default both. */
export function databasesOption(argv, envValue) {
  const raw = argv.find((arg) => arg.startsWith('--dbs='))?.slice('--dbs='.length) ?? envValue ?? 'sqlite,postgres';
  const dbs = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = dbs.filter((db) => db !== 'sqlite' && db !== 'postgres');
  if (unknown.length || !dbs.length) throw new Error(`--dbs takes sqlite and/or postgres, not ${raw}`);
  return dbs;
}

/** Peak resident set of `/usr/bin/time -f %M` (kilobytes) as bytes; null when it is not a number. */
export function parseMaxRss(text) {
  const last = text.trim().split('\n').pop() ?? '';
  return /^\d+$/u.test(last) ? Number(last) * 1024 : null;
}

/** VmHWM (the peak resident set) of a /proc/<pid>/status text, in bytes; null when absent. */
export function parseVmHwm(status) {
  const match = /^VmHWM:\s+(\d+)\s+kB$/mu.exec(status);
  return match ? Number(match[1]) * 1024 : null;
}

/** Rows the CLI reports (`Backup written to …: N rows, …` / `Restored N rows …`); null when not found. */
export function rowsOfCliOutput(text) {
  const match = /(?:: (\d+) rows,|Restored (\d+) rows)/u.exec(text);
  return match ? Number(match[1] ?? match[2]) : null;
}

/** How much higher the peak of the big run is than the small run's, in %; null without both. */
export function growthPercent(small, big) {
  if (!(small > 0) || !(big > 0)) return null;
  return Math.round((big / small - 1) * 1000) / 10;
}

/** Bytes for the table: B, KiB, MiB or GiB; '—' for none. */
export function humanBytes(bytes) {
  if (bytes === null || bytes === undefined) return '—';
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}
