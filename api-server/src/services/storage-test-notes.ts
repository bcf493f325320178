import type { Locale } from '../i18n/messages';

/**
 * Display text inside the storage test report (`POST /api/s3-configs/{id}/test`, contract §5.5).
 * These are data for the admin UI, not envelope messages, so they live here rather than in the
 * message catalogue; the language follows the request (Chinese unless English is preferred).
 */
export interface StorageTestNotes {
  rootPrefix: string;
  readNote: string;
  writeNote: string;
  writeSkippedFile: string;
  writeSkippedNote: string;
  localReadNote: string;
  localWriteNote: string;
  corsPassedNote: string;
  corsFailedNote: string;
  corsUnreachableNote: string;
  corsFullSupport: string;
  corsPartialSupport: string;
  corsMissingPut: string;
  corsMissingOrigin: string;
  corsMissingPrefix: string;
  corsNoAllowOrigin: string;
  corsRequestFailed: string;
  corsLocalNote: string;
  corsLocalDetail: string;
  corsGuide: Record<'default' | 'r2' | 'b2' | 'aws', string>;
  uploadGuide: Record<'default' | 'r2' | 'b2' | 'aws', string>;
  step1Name: string;
  step2Name: string;
  step3Name: string;
  step1Note: string;
  step1Failed: string;
  step2Note: string;
  step2LocalNote: string;
  step2Failed: string;
  step3Note: string;
  step3Failed: string;
  step3Missing: string;
  simPassedNote: string;
  simFailedNote: string;
  failedAt: [string, string, string];
  globalNote: string;
  defaultValue: string;
  notConfigured: string;
  yes: string;
  no: string;
  seconds: (n: number) => string;
  // WebDAV and SFTP storage (storage-test-remote.ts)
  remoteReadNote: string;
  remoteWriteNote: string;
  step2RemoteNote: string;
  corsSkippedWebDav: string;
  corsSkippedSftp: string;
  rangesWebDavNote: string;
  rangesWebDavNative: string;
  rangesWebDavEmulated: string;
  rangesSftpNote: string;
  webdavAuthRefused: string;
  sftpAuthRefused: string;
  sftpHostKeyMismatch: string;
  remoteUnavailable: string;
  readBackMismatch: (expected: number, got: number) => string;
  rangeMismatch: (start: number, end: number, got: number) => string;
}

const zhCN: StorageTestNotes = {
  rootPrefix: '(根目录)',
  readNote: '此测试通过后端 SDK 直接访问存储桶，成功不代表前端可访问',
  writeNote: '此测试通过后端 SDK 直接上传，成功不代表前端可上传',
  writeSkippedFile: '(B2 存储不进行测试写入)',
  writeSkippedNote: '由于 B2 S3 兼容层的特性，跳过测试写入；实际上传功能不受影响',
  localReadNote: '已读取服务器本地磁盘上的存储目录',
  localWriteNote: '已在服务器本地磁盘上写入并删除测试文件',
  corsPassedNote: 'CORS 预检请求测试通过，存储桶支持跨域请求',
  corsFailedNote: '存储桶可能未配置 CORS 或 CORS 配置不正确',
  corsUnreachableNote: '无法执行 CORS 测试，可能是网络问题或存储服务不可达',
  corsFullSupport: 'CORS 配置完全支持跨域文件上传',
  corsPartialSupport: 'CORS 配置存在，但可能不完全支持文件上传',
  corsMissingPut: 'PUT 方法',
  corsMissingOrigin: '来源域名匹配',
  corsMissingPrefix: '缺少支持：',
  corsNoAllowOrigin: '预检请求未返回 Access-Control-Allow-Origin 头',
  corsRequestFailed: 'CORS 预检请求失败：',
  corsLocalNote: '本地存储由 API 服务器自身提供，其 CORS 策略允许所有来源',
  corsLocalDetail: '浏览器可直接向 API 服务器的签名链接上传文件',
  corsGuide: {
    default: '请检查 S3 兼容服务的 CORS 配置，确保允许来自前端域名的 PUT 请求及 Content-Type 头',
    r2: '在 Cloudflare R2 控制台的存储桶设置中启用 CORS，添加前端来源、PUT 方法和 Content-Type 头',
    b2: '在 B2 存储桶设置中配置 CORS：允许前端来源（或 *）、PUT 方法以及 Content-Type、X-Bz-Content-Sha1 等头部',
    aws: '在 AWS S3 控制台的存储桶权限中配置 CORS 规则，允许前端来源、PUT 方法和 Content-Type 头',
  },
  uploadGuide: {
    default: '上传失败通常与 CORS 配置、权限设置或预签名链接过期有关，请检查存储服务配置',
    r2: 'R2 上传失败通常与 CORS 配置或 API 令牌权限有关，请检查存储桶的 CORS 设置和访问策略',
    b2: 'B2 上传失败可能与 X-Bz-Content-Sha1 头有关，请确认 CORS 允许该头部',
    aws: 'AWS S3 上传失败通常与 IAM 权限、存储桶策略或 CORS 配置有关',
  },
  step1Name: '获取预签名链接',
  step2Name: '模拟文件上传',
  step3Name: '验证上传结果',
  step1Note: '成功获取预签名链接，模拟前端调用后端接口',
  step1Failed: '获取预签名链接失败，前端无法上传',
  step2Note: '成功模拟前端直接上传到存储桶',
  step2LocalNote: '已校验签名链接，并通过与 API 服务器处理上传相同的路径写入文件',
  step2Failed: '前端上传失败，可能是 CORS 配置问题',
  step3Note: '成功验证文件已上传，前端上传流程完整',
  step3Failed: '无法验证上传结果，文件可能未成功上传',
  step3Missing: '上传后找不到测试文件',
  simPassedNote: '前端上传流程模拟完全成功，配置可用于前端直传',
  simFailedNote: '前端上传流程模拟失败，配置可能不适用于前端直传',
  failedAt: ['获取预签名链接', '文件上传', '验证上传结果'],
  globalNote: '读写测试验证基本连接和权限；CORS 测试验证跨域配置；前端模拟测试是判断前端能否直接上传的最终依据',
  defaultValue: '默认',
  notConfigured: '未配置',
  yes: '是',
  no: '否',
  seconds: (n) => `${n}秒`,
  remoteReadNote: '已由 API 服务器连接远程服务器并列出存储目录',
  remoteWriteNote: '已由 API 服务器写入测试文件、读回核对内容并删除',
  step2RemoteNote: '已校验签名链接；浏览器的上传由 API 服务器接收并写入远程服务器',
  corsSkippedWebDav: '已跳过：浏览器不直接访问 WebDAV 服务器，而是访问 API 服务器（其 CORS 策略允许所有来源）',
  corsSkippedSftp: '已跳过：浏览器不直接访问 SFTP 服务器，而是访问 API 服务器（其 CORS 策略允许所有来源）',
  rangesWebDavNote: '写入测试对象，读取其中一段字节并核对',
  rangesWebDavNative: 'WebDAV 服务器支持范围读取（206），视频拖动和断点续传只传输所需字节',
  rangesWebDavEmulated: 'WebDAV 服务器忽略了 Range 请求并返回整个文件；字节正确，但每次范围读取都会从头下载',
  rangesSftpNote: 'SFTP 原生支持从任意位置读取，范围读取只传输所需字节',
  webdavAuthRefused: 'WebDAV 服务器拒绝了用户名或密码',
  sftpAuthRefused: 'SFTP 服务器拒绝了用户名、密码或私钥',
  sftpHostKeyMismatch: 'SFTP 主机密钥指纹不匹配，已拒绝连接（服务器可能被替换，或配置的指纹有误）',
  remoteUnavailable: '无法连接存储服务器或服务器未及时响应',
  readBackMismatch: (expected, got) => `读回的内容与写入的不一致（写入 ${expected} 字节，读回 ${got} 字节）`,
  rangeMismatch: (start, end, got) => `字节 ${start}-${end} 的范围读取返回了错误的内容（${got} 字节）`,
};

const enUS: StorageTestNotes = {
  rootPrefix: '(root)',
  readNote: 'Tested directly from the server with the SDK; success does not prove the browser can read',
  writeNote: 'Uploaded directly from the server with the SDK; success does not prove the browser can upload',
  writeSkippedFile: '(no test write on B2)',
  writeSkippedNote: 'Skipped because of the B2 S3 compatibility layer; real uploads are not affected',
  localReadNote: 'Read the storage directory on the server’s disk',
  localWriteNote: 'Wrote and deleted a test file on the server’s disk',
  corsPassedNote: 'The CORS pre-flight passed: the bucket accepts cross-origin requests',
  corsFailedNote: 'The bucket may have no CORS configuration, or a wrong one',
  corsUnreachableNote: 'The CORS test could not run: network problem or storage unreachable',
  corsFullSupport: 'The CORS configuration fully supports cross-origin uploads',
  corsPartialSupport: 'A CORS configuration exists but may not fully support uploads',
  corsMissingPut: 'the PUT method',
  corsMissingOrigin: 'a matching origin',
  corsMissingPrefix: 'Missing: ',
  corsNoAllowOrigin: 'The pre-flight answered without an Access-Control-Allow-Origin header',
  corsRequestFailed: 'The CORS pre-flight failed: ',
  corsLocalNote: 'Local storage is served by the API server itself; its CORS policy allows every origin',
  corsLocalDetail: 'Browsers can upload straight to the API server’s signed links',
  corsGuide: {
    default: 'Check the CORS settings of your S3-compatible service: allow PUT and the Content-Type header from your web origin',
    r2: 'Enable CORS in the Cloudflare R2 bucket settings: add your web origin, the PUT method and the Content-Type header',
    b2: 'Configure CORS in the B2 bucket settings: allow your origin (or *), PUT, and headers such as Content-Type and X-Bz-Content-Sha1',
    aws: 'Add a CORS rule in the AWS S3 bucket permissions: your web origin, the PUT method and the Content-Type header',
  },
  uploadGuide: {
    default: 'Upload failures usually come from CORS, permissions or an expired presigned link; check the storage settings',
    r2: 'R2 upload failures usually come from CORS or API token permissions; check the bucket’s CORS and access policy',
    b2: 'B2 upload failures may come from the X-Bz-Content-Sha1 header; make sure CORS allows it',
    aws: 'AWS S3 upload failures usually come from IAM permissions, the bucket policy or CORS',
  },
  step1Name: 'Get a presigned link',
  step2Name: 'Simulate the upload',
  step3Name: 'Verify the upload',
  step1Note: 'Got a presigned link, as the browser would from the API',
  step1Failed: 'Could not get a presigned link: the browser cannot upload',
  step2Note: 'Uploaded straight to the bucket, as the browser would',
  step2LocalNote: 'Checked the signed link and wrote through the same path the API server uses for uploads',
  step2Failed: 'The browser-style upload failed, possibly because of CORS',
  step3Note: 'The uploaded file is there: the browser upload flow works',
  step3Failed: 'Could not verify the upload; the file may not have arrived',
  step3Missing: 'The test file is missing after the upload',
  simPassedNote: 'The browser upload simulation passed: direct uploads from the web client will work',
  simFailedNote: 'The browser upload simulation failed: direct uploads from the web client may not work',
  failedAt: ['get a presigned link', 'upload', 'verify the upload'],
  globalNote:
    'Read/write tests check the connection and permissions; the CORS test checks cross-origin settings; the browser simulation decides whether direct uploads work',
  defaultValue: 'default',
  notConfigured: 'not set',
  yes: 'yes',
  no: 'no',
  seconds: (n) => `${n} s`,
  remoteReadNote: 'The API server connected to the remote server and listed the storage folder',
  remoteWriteNote: 'The API server wrote a test file, read it back, compared it and deleted it',
  step2RemoteNote: 'Checked the signed link; browser uploads reach the API server, which writes them to the remote server',
  corsSkippedWebDav:
    'Skipped: browsers never talk to the WebDAV server, they talk to the API server (whose CORS policy allows every origin)',
  corsSkippedSftp: 'Skipped: browsers never talk to the SFTP server, they talk to the API server (whose CORS policy allows every origin)',
  rangesWebDavNote: 'Wrote a test object, read a byte range of it and checked the bytes',
  rangesWebDavNative: 'The WebDAV server honours ranges (206): seeking in videos and resumed downloads move only the bytes needed',
  rangesWebDavEmulated:
    'The WebDAV server ignored the Range header and sent the whole file; the bytes are right, but every ranged read downloads from the start',
  rangesSftpNote: 'SFTP reads from any offset natively: ranged reads move only the bytes needed',
  webdavAuthRefused: 'The WebDAV server refused the user name or password',
  sftpAuthRefused: 'The SFTP server refused the user name, password or private key',
  sftpHostKeyMismatch:
    'The SFTP host key fingerprint does not match, so the connection was refused (the server may have been replaced, or the configured fingerprint is wrong)',
  remoteUnavailable: 'The storage server cannot be reached or did not answer in time',
  readBackMismatch: (expected, got) => `The file read back differs from what was written (${expected} bytes written, ${got} read)`,
  rangeMismatch: (start, end, got) => `The ranged read of bytes ${start}-${end} returned the wrong bytes (${got} bytes)`,
};

export function storageTestNotes(locale: Locale): StorageTestNotes {
  return locale === 'en-US' ? enUS : zhCN;
}
