/**
 * Every text the command line shows, in both languages (same keys on both sides; a test checks it).
 * `{name}` placeholders are filled by `t`. The upload / download texts live in ./transfer-messages.
 */
import { transferMessages } from './transfer-messages';

export type Lang = 'en-US' | 'zh-CN';

const SHARED_FLAGS_EN = `Share options:
      --password PW     viewers must enter this password
      --expires WHEN    1h, 1d, 7d, 30d or never (default: never)
      --max-views N     delete after N views (a positive integer)
      --slug SLUG       custom link suffix (letters, digits, - and _)
      --remark TEXT     a note shown with the share
      --burn            delete after the first read (Cloudclip addition)`;

const SHARED_FLAGS_ZH = `分享选项：
      --password 密码   访问者须输入此密码
      --expires 时长    1h、1d、7d、30d 或 never（默认 never，永不过期）
      --max-views N     被查看 N 次后删除（正整数）
      --slug 后缀       自定义链接后缀（字母、数字、- 和 _）
      --remark 文字     随分享显示的备注
      --burn            阅后即焚：第一次读取后删除（Cloudclip 扩展）`;

const en = {
  'help.main': `cloudclip — share text and files with a Cloudclip server

Usage: cloudclip [options] <command> [command options]

Commands:
  login              save a server address and an API key or an admin login
  logout             forget the stored credentials
  paste [FILE|-]     share text from a file or from stdin; prints the link
  get LINK|SLUG      print a paste, or download a file share
  upload FILE…       share files; prints their links
  ls                 list your pastes and files
  rm SLUG…           delete pastes or file shares

Options:
  -h, --help         show help (cloudclip <command> --help for one command)
      --version      print the version
      --json         print the server's answers as JSON
  -q, --quiet        print only the essentials (links), no progress
      --debug        show stack traces of errors
      --server URL   server address (or CLOUDCLIP_SERVER)
      --key KEY      API key (or CLOUDCLIP_KEY)
  -y, --yes          do not ask for confirmation

CloudPaste 0.6 backends: paste, get, ls, rm and upload use only endpoints a CloudPaste 0.6.5
backend also has. Tags (--tag), end-to-end encryption (--encrypt), burn after reading (--burn)
and search (ls --search, --tag) are Cloudclip additions: with a 0.6 backend --burn is refused,
tags are left out, search is ignored, and encrypted pastes still work (cloudclip decrypts them).

Settings are stored in {configFile}.
Exit codes: 0 success, 1 failure, 2 usage error, 130 interrupted.`,
  'help.login': `Usage: cloudclip login [--server URL] [--key KEY]

Asks for the server address, then for an API key or an admin login (user name and password),
checks it with the server and saves it (file readable only by you).
With --server and --key nothing is asked.`,
  'help.logout': `Usage: cloudclip logout

Deletes the stored credentials; an admin login is also ended on the server.`,
  'help.paste': `Usage: cloudclip paste [FILE|-] [options]

Shares the text of FILE, or of stdin ("-", or no FILE when stdin is piped), and prints the link.

Options:
      --encrypt         encrypt on this computer; the key is only in the link after # (Cloudclip addition)
      --tag TAG         a label for finding it again; repeatable (Cloudclip addition)
      --qr              also print the link as a QR code
      --json            print the server's answer (with "link") as JSON
${SHARED_FLAGS_EN}`,
  'help.get': `Usage: cloudclip get LINK|SLUG [-o FILE] [--password PW]

Prints a paste on stdout (or writes it to FILE). Encrypted pastes are decrypted with the key
after # in the link. A slug that is a file share is downloaded.
A paste that burns after reading is deleted by reading it: you are asked first (--yes skips).

Options:
  -o, --output FILE     write to FILE instead of stdout
      --password PW     the share's password (asked when stdin is a terminal)`,
  'help.ls': `Usage: cloudclip ls [--search Q] [--tag TAG] [--type paste|file]

Lists the pastes and file shares of your API key (or all of them for an admin login).

Options:
      --search Q        only those matching Q (Cloudclip addition)
      --tag TAG         only pastes with this tag (Cloudclip addition)
      --type TYPE       only paste or file
      --json            print the rows as JSON`,
  'help.rm': `Usage: cloudclip rm SLUG… [--type paste|file]

Deletes each paste or file share (looked up among yours by slug). Asks first when stdin is a
terminal, unless --yes.`,
  'help.upload': `Usage: cloudclip upload FILE… [options]

Uploads each file as a file share and prints its link.

Options:
      --storage NAME    storage configuration to use (name or id; default: the server's default)
      --json            print the results as JSON
${SHARED_FLAGS_EN}`,

  'usage.hint': 'see cloudclip {command} --help',
  'usage.unknownCommand': 'unknown command "{command}"',
  'usage.noCommand': 'no command given',
  'usage.unknownOption': 'unknown option {option}',
  'usage.missingValue': 'option {option} needs a value',
  'usage.unexpectedArgument': 'unexpected argument "{argument}"',
  'usage.badOption': 'bad option: {detail}',
  'usage.expires': '--expires must be one of 1h, 1d, 7d, 30d, never (got "{value}")',
  'usage.maxViews': '--max-views must be a positive integer (got "{value}")',
  'usage.slug': '--slug may contain only letters, digits, - and _ (got "{value}")',
  'usage.tag.empty': '--tag must not be empty',
  'usage.tag.tooLong': 'a tag is at most {max} characters long',
  'usage.tag.badCharacter': 'a tag must not contain commas or control characters',
  'usage.tag.tooMany': 'at most {max} tags',
  'usage.tag.notText': 'tags must be text',
  'usage.tag.notAList': 'tags must be a list',
  'usage.type': '--type must be paste or file (got "{value}")',
  'usage.pasteInput': 'no text: give a FILE, "-" for stdin, or pipe text into cloudclip paste',
  'usage.pasteOneFile': 'paste takes one FILE',
  'usage.getArgument': 'get takes one LINK or SLUG',
  'usage.rmArgument': 'rm needs at least one SLUG',
  'usage.uploadArgument': 'upload needs at least one FILE',
  'usage.noServer': 'no server: run cloudclip login, or pass --server URL (or set CLOUDCLIP_SERVER)',
  'usage.badServer': 'not a server address: "{value}" (expected http://… or https://…)',
  'usage.badLink': 'not a link or slug: "{value}"',

  'error.notLoggedIn': 'not logged in to {server}: run cloudclip login, or pass --key (or set CLOUDCLIP_KEY)',
  'error.adminExpired': 'the admin login has expired: run cloudclip login again',
  'error.auth': 'the server refused the credentials (wrong or expired key, or no permission for this){detail}; run cloudclip login',
  'error.notFound': 'not found{detail}: no share with this link (it may have been deleted or already read)',
  'error.gone': 'no longer available{detail}: the share has expired or its views are used up',
  'error.password': 'wrong password',
  'error.passwordNeeded': 'this share is password-protected: pass --password',
  'error.quota': 'the server refused it: {detail}',
  'error.tooLarge': 'too large: {detail}',
  'error.unreachable': 'cannot reach {server}: is it running?',
  'error.timeout': 'no answer from {server} in time: is it running?',
  'error.server': 'the server failed (HTTP {status}){detail}',
  'error.badAnswer': 'unexpected answer from the server (HTTP {status}): {detail}',
  'error.badInput': 'the server refused the request (HTTP {status}){detail}',
  'error.cancelled': 'cancelled',
  'error.readFile': 'cannot read {file}: {reason}',
  'error.writeFile': 'cannot write {file}: {reason}',
  'error.unexpected': 'unexpected error: {detail}',
  'fs.ENOENT': 'no such file',
  'fs.EACCES': 'permission denied',
  'fs.EISDIR': 'it is a folder',
  'error.needsTerminal': 'this needs answers typed in a terminal: {hint}',

  'login.server': 'Server address',
  'login.method': 'API key or admin login? [k]ey / [a]dmin: ',
  'login.badMethod': 'answer k (API key) or a (admin login)',
  'login.key': 'API key: ',
  'login.username': 'Admin user name: ',
  'login.password': 'Password: ',
  'login.keyNoPermission': 'note: this key may not {what}',
  'login.savedKey': 'Logged in to {server} with the API key "{name}". Saved in {file}.',
  'login.savedAdmin': 'Logged in to {server} as {username} until {expires}. Saved in {file}.',
  'login.needsTerminalHint': 'run cloudclip login in a terminal, or pass --server URL --key KEY',
  'login.permission.text': 'share text',
  'login.permission.file': 'share files',
  'logout.done': 'Logged out of {server}; the credentials were removed from {file}.',
  'logout.nothing': 'Not logged in: nothing to remove.',

  'paste.readingStdin': 'Reading text from stdin (end with Ctrl-D)…',
  'paste.empty': 'nothing to share: the text is empty',
  'paste.burnNote': 'It is deleted once read.',
  'paste.noBurn': '{server} cannot delete a paste after reading (a CloudPaste 0.6 backend): share it without --burn, or with --max-views 1',
  'paste.noTags': 'note: {server} does not keep tags (a CloudPaste 0.6 backend); shared without them',

  'get.burnAsk': 'This paste is deleted once it is read. Read it now? [y/N] ',
  'get.burnNeedsYes': 'this paste is deleted once it is read: pass --yes to read it',
  'get.burned': 'This paste is now deleted: this was its only copy.',
  'get.passwordPrompt': 'Password: ',
  'get.keyMissing': 'this paste is encrypted, but the link has no key (the part after #)',
  'get.decryptFailed': 'cannot decrypt this paste: the key in the link or the password is wrong',
  'get.badEnvelope': 'this paste is encrypted in a form this version does not know',
  'get.written': 'Written to {file}.',

  'ls.type': 'TYPE',
  'ls.slug': 'SLUG',
  'ls.name': 'REMARK / FILE',
  'ls.size': 'SIZE',
  'ls.views': 'VIEWS',
  'ls.expires': 'EXPIRES',
  'ls.created': 'CREATED',
  'ls.paste': 'paste',
  'ls.file': 'file',
  'ls.never': 'never',
  'ls.empty': 'Nothing shared yet.',
  'ls.needsKeyOrAdmin': 'ls lists the shares of an API key or an admin login',

  'rm.confirm': 'Delete {type} {slug}? [y/N] ',
  'rm.deleted': 'deleted {type} {slug}',
  'rm.kept': 'kept {slug}',
  'rm.notFound': '{slug}: not found among your shares',
  'rm.failed': '{slug}: {message}',
  'rm.someFailed': '{count} of {total} not deleted',

  'prompt.yes': 'y',
} as const;

type MessageKey = keyof typeof en;

const zh: Record<MessageKey, string> = {
  'help.main': `cloudclip — 通过 Cloudclip 服务器分享文本和文件

用法：cloudclip [选项] <命令> [命令选项]

命令：
  login              保存服务器地址，以及 API 密钥或管理员登录
  logout             删除已保存的凭据
  paste [文件|-]     分享文件或标准输入中的文本，输出链接
  get 链接|后缀      输出文本分享，或下载文件分享
  upload 文件…       分享文件，输出链接
  ls                 列出你的文本和文件分享
  rm 后缀…           删除文本或文件分享

选项：
  -h, --help         显示帮助（cloudclip <命令> --help 查看单个命令）
      --version      显示版本
      --json         以 JSON 输出服务器的应答
  -q, --quiet        只输出必要内容（链接），不显示进度
      --debug        出错时显示调用栈
      --server URL   服务器地址（或环境变量 CLOUDCLIP_SERVER）
      --key 密钥     API 密钥（或环境变量 CLOUDCLIP_KEY）
  -y, --yes          不询问确认

CloudPaste 0.6 后端：paste、get、ls、rm 和 upload 只使用 CloudPaste 0.6.5 后端也有的接口。
标签（--tag）、端到端加密（--encrypt）、阅后即焚（--burn）和搜索（ls --search、--tag）是
Cloudclip 的扩展：使用 0.6 后端时 --burn 会被拒绝，标签不会保存，搜索被忽略，加密分享仍可使用
（由 cloudclip 解密）。

设置保存在 {configFile}。
退出码：0 成功，1 失败，2 用法错误，130 被中断。`,
  'help.login': `用法：cloudclip login [--server URL] [--key 密钥]

询问服务器地址，再询问使用 API 密钥还是管理员登录（用户名和密码），向服务器验证后保存
（文件仅你本人可读）。同时给出 --server 和 --key 时不再询问。`,
  'help.logout': `用法：cloudclip logout

删除已保存的凭据；管理员登录还会在服务器上注销。`,
  'help.paste': `用法：cloudclip paste [文件|-] [选项]

分享文件中的文本，或标准输入中的文本（"-"，或在管道输入时省略文件），并输出链接。

选项：
      --encrypt         在本机加密；密钥只在链接 # 之后（Cloudclip 扩展）
      --tag 标签        便于日后查找的标签，可重复（Cloudclip 扩展）
      --qr              同时以二维码输出链接
      --json            以 JSON 输出服务器的应答（含 "link"）
${SHARED_FLAGS_ZH}`,
  'help.get': `用法：cloudclip get 链接|后缀 [-o 文件] [--password 密码]

在标准输出中显示文本分享（或写入文件）。加密的分享用链接 # 之后的密钥解密。
若后缀是文件分享，则下载该文件。
阅后即焚的分享读取后即被删除：读取前会先询问（--yes 跳过询问）。

选项：
  -o, --output 文件     写入文件，而不是标准输出
      --password 密码   分享的密码（标准输入是终端时会询问）`,
  'help.ls': `用法：cloudclip ls [--search 关键词] [--tag 标签] [--type paste|file]

列出你的 API 密钥创建的文本和文件分享（管理员登录时列出全部）。

选项：
      --search 关键词   只列出匹配的分享（Cloudclip 扩展）
      --tag 标签        只列出带此标签的文本分享（Cloudclip 扩展）
      --type 类型       只列出 paste（文本）或 file（文件）
      --json            以 JSON 输出`,
  'help.rm': `用法：cloudclip rm 后缀… [--type paste|file]

按后缀在你的分享中查找并删除每个文本或文件分享。标准输入是终端时会先询问，除非使用 --yes。`,
  'help.upload': `用法：cloudclip upload 文件… [选项]

将每个文件上传为文件分享，并输出链接。

选项：
      --storage 名称    使用的存储配置（名称或 ID；默认为服务器的默认配置）
      --json            以 JSON 输出结果
${SHARED_FLAGS_ZH}`,

  'usage.hint': '参见 cloudclip {command} --help',
  'usage.unknownCommand': '未知命令“{command}”',
  'usage.noCommand': '未给出命令',
  'usage.unknownOption': '未知选项 {option}',
  'usage.missingValue': '选项 {option} 需要一个值',
  'usage.unexpectedArgument': '多余的参数“{argument}”',
  'usage.badOption': '选项有误：{detail}',
  'usage.expires': '--expires 只能是 1h、1d、7d、30d 或 never（收到“{value}”）',
  'usage.maxViews': '--max-views 必须是正整数（收到“{value}”）',
  'usage.slug': '--slug 只能包含字母、数字、- 和 _（收到“{value}”）',
  'usage.tag.empty': '--tag 不能为空',
  'usage.tag.tooLong': '标签最长 {max} 个字符',
  'usage.tag.badCharacter': '标签不能包含逗号或控制字符',
  'usage.tag.tooMany': '最多 {max} 个标签',
  'usage.tag.notText': '标签必须是文本',
  'usage.tag.notAList': '标签必须是列表',
  'usage.type': '--type 只能是 paste 或 file（收到“{value}”）',
  'usage.pasteInput': '没有文本：请给出文件，用“-”表示标准输入，或通过管道把文本传给 cloudclip paste',
  'usage.pasteOneFile': 'paste 只接受一个文件',
  'usage.getArgument': 'get 需要一个链接或后缀',
  'usage.rmArgument': 'rm 至少需要一个后缀',
  'usage.uploadArgument': 'upload 至少需要一个文件',
  'usage.noServer': '没有服务器地址：请运行 cloudclip login，或使用 --server URL（或设置 CLOUDCLIP_SERVER）',
  'usage.badServer': '不是服务器地址：“{value}”（应为 http://… 或 https://…）',
  'usage.badLink': '不是链接或后缀：“{value}”',

  'error.notLoggedIn': '尚未登录 {server}：请运行 cloudclip login，或使用 --key（或设置 CLOUDCLIP_KEY）',
  'error.adminExpired': '管理员登录已过期：请重新运行 cloudclip login',
  'error.auth': '服务器拒绝了凭据（密钥错误或已过期，或没有此操作的权限）{detail}；请运行 cloudclip login',
  'error.notFound': '未找到{detail}：没有此链接对应的分享（可能已被删除或已被读取）',
  'error.gone': '已不可用{detail}：分享已过期或查看次数已用完',
  'error.password': '密码错误',
  'error.passwordNeeded': '此分享受密码保护：请使用 --password',
  'error.quota': '服务器拒绝了请求：{detail}',
  'error.tooLarge': '太大：{detail}',
  'error.unreachable': '无法连接 {server}：服务器是否在运行？',
  'error.timeout': '{server} 未及时应答：服务器是否在运行？',
  'error.server': '服务器出错（HTTP {status}）{detail}',
  'error.badAnswer': '服务器的应答无法识别（HTTP {status}）：{detail}',
  'error.badInput': '服务器拒绝了请求（HTTP {status}）{detail}',
  'error.cancelled': '已取消',
  'error.readFile': '无法读取 {file}：{reason}',
  'error.writeFile': '无法写入 {file}：{reason}',
  'error.unexpected': '意外错误：{detail}',
  'fs.ENOENT': '文件不存在',
  'fs.EACCES': '没有权限',
  'fs.EISDIR': '这是一个文件夹',
  'error.needsTerminal': '此操作需要在终端中输入回答：{hint}',

  'login.server': '服务器地址',
  'login.method': '使用 API 密钥还是管理员登录？[k] 密钥 / [a] 管理员：',
  'login.badMethod': '请回答 k（API 密钥）或 a（管理员登录）',
  'login.key': 'API 密钥：',
  'login.username': '管理员用户名：',
  'login.password': '密码：',
  'login.keyNoPermission': '注意：此密钥不能{what}',
  'login.savedKey': '已使用 API 密钥“{name}”登录 {server}，已保存到 {file}。',
  'login.savedAdmin': '已以 {username} 身份登录 {server}，有效期至 {expires}，已保存到 {file}。',
  'login.needsTerminalHint': '请在终端中运行 cloudclip login，或使用 --server URL --key 密钥',
  'login.permission.text': '分享文本',
  'login.permission.file': '分享文件',
  'logout.done': '已退出 {server}；凭据已从 {file} 中删除。',
  'logout.nothing': '尚未登录：没有需要删除的凭据。',

  'paste.readingStdin': '正在从标准输入读取文本（按 Ctrl-D 结束）…',
  'paste.empty': '没有可分享的内容：文本为空',
  'paste.burnNote': '读取一次后即被删除。',
  'paste.noBurn': '{server} 不支持阅后即焚（CloudPaste 0.6 后端）：请去掉 --burn 再分享，或使用 --max-views 1',
  'paste.noTags': '注意：{server} 不保存标签（CloudPaste 0.6 后端）；已不带标签分享',

  'get.burnAsk': '此分享读取后即被删除。现在读取吗？[y/N] ',
  'get.burnNeedsYes': '此分享读取后即被删除：请使用 --yes 来读取',
  'get.burned': '此分享现已删除：这是它唯一的副本。',
  'get.passwordPrompt': '密码：',
  'get.keyMissing': '此分享已加密，但链接中没有密钥（# 之后的部分）',
  'get.decryptFailed': '无法解密此分享：链接中的密钥或密码错误',
  'get.badEnvelope': '此分享的加密格式无法被此版本识别',
  'get.written': '已写入 {file}。',

  'ls.type': '类型',
  'ls.slug': '后缀',
  'ls.name': '备注 / 文件',
  'ls.size': '大小',
  'ls.views': '查看',
  'ls.expires': '过期',
  'ls.created': '创建',
  'ls.paste': '文本',
  'ls.file': '文件',
  'ls.never': '永不',
  'ls.empty': '还没有任何分享。',
  'ls.needsKeyOrAdmin': 'ls 列出 API 密钥或管理员登录的分享',

  'rm.confirm': '删除{type} {slug}？[y/N] ',
  'rm.deleted': '已删除{type} {slug}',
  'rm.kept': '已保留 {slug}',
  'rm.notFound': '{slug}：在你的分享中未找到',
  'rm.failed': '{slug}：{message}',
  'rm.someFailed': '{total} 个中有 {count} 个未删除',

  'prompt.yes': 'y',
};

export const messages: Record<Lang, Record<string, string>> = {
  'en-US': { ...en, ...transferMessages['en-US'] },
  'zh-CN': { ...zh, ...transferMessages['zh-CN'] },
};

/** The text of `key` in `lang`, with `{name}` placeholders filled from `vars`. */
export function t(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const template = messages[lang][key] ?? messages['en-US'][key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole,
  );
}

/** zh-CN when the first set of LC_ALL, LC_MESSAGES, LANG starts with `zh`; en-US otherwise. */
export function detectLang(env: Record<string, string | undefined>): Lang {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== '');
  return locale !== undefined && /^zh/i.test(locale) ? 'zh-CN' : 'en-US';
}
