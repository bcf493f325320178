/** File name of a downloaded document: its first heading, else `cloudclip-<date>-<time>.md`. */
export function documentFileName(content: string, now: Date = new Date()): string {
  const heading = /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(content)?.[1];
  const fromHeading = heading
    // eslint-disable-next-line no-control-regex -- control characters are among those a file name must not contain
    ?.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  if (fromHeading) return `${fromHeading}.md`;
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  return `cloudclip-${stamp}.md`;
}
