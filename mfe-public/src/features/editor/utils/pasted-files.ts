import { extensionOfType } from '@cloudclip/shared-kernel';

/**
 * The name a pasted file is uploaded under (after the kernel's `namePastedFiles` named nameless
 * pictures). The server infers the type from the name's extension, so an extension-less name gets
 * one from the MIME type.
 */
export function uploadName(file: Pick<File, 'name' | 'type'>): string {
  const extension = extensionOfType(file.type);
  const name = file.name.trim();
  if (extension && !/\.[A-Za-z0-9]{1,8}$/.test(name)) return `${name}.${extension}`;
  return name;
}

/** The name as Markdown image text: brackets and backslashes escaped, line breaks folded. */
function altText(name: string): string {
  return name.replace(/\s+/g, ' ').replace(/([\\[\]])/g, '\\$1');
}

/** `![name](url)`; an address with spaces or parentheses goes in angle brackets. */
export function imageMarkdown(name: string, url: string): string {
  const target = /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
  return `![${altText(name)}](${target})`;
}

/**
 * `![<label>]()`, made unique: "(2)", "(3)"… are added while `taken` says the text is already in use,
 * so each upload finds its own placeholder again.
 */
export function uniquePlaceholder(label: string, taken: (text: string) => boolean): string {
  const text = (suffix: string) => `![${altText(label)}${suffix}]()`;
  let candidate = text('');
  for (let n = 2; taken(candidate); n += 1) candidate = text(` (${n})`);
  return candidate;
}
