// Pure helpers of the search benchmark (bench/bench-search.mjs): the seeded rows, the query mix
// and the statistics. No I/O here, so bench/bench-search-lib.test.mjs can check them.

import { seededRandom } from '../scripts/seeded-random.cjs';

/**
 * A small deterministic pseudo-random generator (mulberry32, scripts/seeded-random.cjs), so two runs
 * seed the same rows and the figures of SQLite and PostgreSQL are measured on the same data.
 */
export { seededRandom };

const ENGLISH = (
  'the a of and to in is for on with this that we it be as at by from have are not will can our ' +
  'team build release server client update note meeting plan draft change review issue fix test ' +
  'config deploy backup storage network database query cache index user account password token ' +
  'upload download share link folder file image video audio document archive version branch merge ' +
  'commit patch bug feature request response error warning log monitor alert schedule budget ' +
  'invoice customer order product price market sales support ticket travel weekend holiday recipe ' +
  'garden coffee morning evening lunch dinner family friend birthday project'
).split(' ');

const CHINESE = (
  '我们 今天 明天 会议 项目 服务器 数据库 配置 部署 备份 网络 用户 密码 文件 图片 视频 文档 ' +
  '版本 分支 合并 提交 修复 测试 发布 更新 需求 问题 错误 日志 监控 告警 计划 预算 发票 客户 ' +
  '订单 产品 价格 市场 销售 支持 旅行 周末 假期 菜谱 花园 咖啡 早上 晚上 午饭 家人 朋友 生日 ' +
  '数据 接口 页面 缓存 索引 存储 上传 下载 分享 链接 目录'
).split(' ');

const FILE_WORDS = (
  'report invoice photo scan backup export notes slides contract budget design logo screenshot ' +
  'manual release build dataset archive 报告 发票 照片 合同 预算 设计 截图 手册 数据'
).split(' ');

const FILE_TYPES = [
  ['pdf', 'application/pdf'],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['zip', 'application/zip'],
  ['txt', 'text/plain'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['mp4', 'video/mp4'],
  ['tar.gz', 'application/gzip'],
];

/** The word seeded into roughly one row in 10,000 (pastes and files), the "rare word" query. */
export const RARE_WORD = 'quokkanest';
/** A row gets the rare word when its index is a multiple of this. */
export const RARE_EVERY = 10_007;
/** Share of the pastes that are end-to-end encrypted (their content is an envelope). */
export const ENCRYPTED_SHARE = 0.05;

/**
 * The query mix of the search measurement: one of each kind the issue names. Every client walks
 * through it in turn, so each figure mixes all of them.
 */
export const SEARCH_QUERIES = [
  { kind: 'common word', q: 'deploy' },
  { kind: 'rare word', q: RARE_WORD },
  { kind: 'Chinese, 2 characters', q: '会议' },
  { kind: 'Chinese, 3 characters', q: '服务器' },
  { kind: 'multi-term', q: 'backup 数据库 server' },
  { kind: 'no hit', q: 'zebraquartzglyph' },
];

const pick = (random, list) => list[Math.floor(random() * list.length)];

function sentence(random, words) {
  const length = 4 + Math.floor(random() * 12);
  const parts = [];
  for (let index = 0; index < length; index += 1) parts.push(pick(random, words));
  return parts.join(' ');
}

function chineseSentence(random) {
  const length = 3 + Math.floor(random() * 8);
  let text = '';
  for (let index = 0; index < length; index += 1) text += pick(random, CHINESE);
  return `${text}。`;
}

function base64url(random, bytes) {
  const buffer = Buffer.alloc(bytes);
  for (let index = 0; index < bytes; index += 1) buffer[index] = Math.floor(random() * 256);
  return buffer.toString('base64url');
}

/**
 * Paste number `index`: Markdown of English and Chinese sentences (about 150 to 1,500 characters),
 * a remark on about a third, and an envelope of ciphertext on ENCRYPTED_SHARE of them (as the
 * client sends it; its plaintext is never stored).
 */
export function benchPaste(index) {
  const random = seededRandom(index * 2 + 1);
  const remark = random() < 0.35 ? `${sentence(random, ENGLISH).slice(0, 60)} ${pick(random, CHINESE)}` : null;
  // The rare word's rows stay plaintext, so the rare query has a known number of hits.
  if (random() < ENCRYPTED_SHARE && index % RARE_EVERY !== 0) {
    const content = JSON.stringify({
      v: 1,
      alg: 'AES-256-GCM',
      iv: base64url(random, 12),
      ct: base64url(random, 64 + Math.floor(random() * 600)),
    });
    return { content, remark, encryption: 'aes-256-gcm/v1' };
  }
  const paragraphs = 1 + Math.floor(random() * 8);
  const lines = [`# ${sentence(random, ENGLISH).slice(0, 40)}`];
  for (let paragraph = 0; paragraph < paragraphs; paragraph += 1) {
    lines.push(
      '',
      random() < 0.4 ? chineseSentence(random) + chineseSentence(random) : `${sentence(random, ENGLISH)}. ${sentence(random, ENGLISH)}.`,
    );
  }
  if (index % RARE_EVERY === 0) lines.push('', `Seen a ${RARE_WORD} today.`);
  return { content: lines.join('\n'), remark, encryption: null };
}

/** File share number `index`: a filename of one or two words, a type, a size and sometimes a remark. */
export function benchFile(index) {
  const random = seededRandom(index * 2 + 2);
  const [extension, mimetype] = pick(random, FILE_TYPES);
  const stem =
    random() < 0.5
      ? `${pick(random, FILE_WORDS)}-${pick(random, FILE_WORDS)}`
      : `${pick(random, FILE_WORDS)}_${2020 + Math.floor(random() * 7)}`;
  const filename = `${index % RARE_EVERY === 0 ? `${RARE_WORD}-` : ''}${stem}-${index}.${extension}`;
  const remark = random() < 0.3 ? `${sentence(random, ENGLISH).slice(0, 50)} ${pick(random, CHINESE)}` : null;
  return { filename, mimetype, size: 1024 + Math.floor(random() * 50_000_000), remark };
}

/** The value at quantile `q` (0..1) of ascending `sorted` numbers (nearest rank), or null when empty. */
export function quantile(sorted, q) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** p50, p99 and mean of latencies (ms), and requests per second over `elapsedMs`. */
export function latencySummary(latencies, elapsedMs) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (value) => (value === null ? null : Math.round(value * 100) / 100);
  return {
    requests: sorted.length,
    p50Ms: round(quantile(sorted, 0.5)),
    p99Ms: round(quantile(sorted, 0.99)),
    meanMs: round(sorted.length ? sorted.reduce((sum, value) => sum + value, 0) / sorted.length : null),
    perSecond: elapsedMs > 0 ? Math.round((sorted.length / elapsedMs) * 1000 * 10) / 10 : null,
  };
}

/** How much slower `withIndex` is than `withoutIndex`, in % of the latter's throughput (positive = slower). */
export function slowdownPercent(withIndexPerSecond, withoutIndexPerSecond) {
  if (!(withoutIndexPerSecond > 0) || !(withIndexPerSecond >= 0)) return null;
  return Math.round((1 - withIndexPerSecond / withoutIndexPerSecond) * 1000) / 10;
}

/** A comma-separated list knob (e.g. BENCH_SEARCH_DBS) as trimmed, non-empty names; `fallback` when unset. */
export function listKnob(value, fallback) {
  const names = (value ?? fallback)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names;
}
