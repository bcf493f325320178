/**
 * Raw HTML in Markdown (`<details>`, `<kbd>`, `<br>` …) needs rehype-raw, which re-parses the
 * whole tree with parse5: ~37 KB compressed, almost half of the Markdown pipeline, for a feature
 * most documents never use. The viewer's pipeline (bytemd's `getProcessor`) gets this plugin in
 * rehype-raw's place (webpack.config.js swaps the import), and the real one is loaded only for a
 * document that may contain HTML (`prepareRawHtml`).
 *
 * Without raw nodes, leaving rehype-raw out changes nothing but inter-element whitespace: parse5
 * moves the line breaks between table rows out in front of the table (compared over ~1,000
 * README files of node_modules without HTML: same HTML once whitespace between tags is ignored).
 * Sanitizing still follows, so a raw node that ever got here unparsed would be dropped, not run.
 */

/** The part of a hast node looked at here. */
interface HastNode {
  type: string;
  children?: HastNode[];
}

type RawTransformer = (tree: HastNode, file: unknown) => HastNode;
type RawPlugin = (options?: object) => RawTransformer;

let rawPlugin: RawPlugin | null = null;
let loading: Promise<void> | null = null;

/**
 * A Markdown document can only contain HTML where `<` is followed by a letter, `/`, `!` or `?`
 * (CommonMark's HTML blocks and inline HTML all start so; autolinks match too, which only costs
 * a download).
 */
const MAY_CONTAIN_HTML = /<[A-Za-z/!?]/;

export function mayContainRawHtml(source: string): boolean {
  return MAY_CONTAIN_HTML.test(source);
}

/** Whether the real rehype-raw is loaded (documents with HTML render at once). */
export function rawHtmlReady(): boolean {
  return rawPlugin !== null;
}

/** Loads rehype-raw (once). Rejects when its chunk cannot be loaded; a later call tries again. */
export function loadRawHtml(): Promise<void> {
  loading ??= import(/* webpackChunkName: "markdown-raw-html" */ 'cloudclip-rehype-raw').then(
    (module) => {
      rawPlugin = module.default as unknown as RawPlugin;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Null when `source` renders as it is; else a promise that settles once it can be rendered. */
export function prepareRawHtml(source: string): Promise<void> | null {
  if (rawPlugin || !mayContainRawHtml(source)) return null;
  return loadRawHtml();
}

function containsRaw(nodes: HastNode[] | undefined): boolean {
  if (!nodes) return false;
  for (const node of nodes) {
    if (node.type === 'raw' || containsRaw(node.children)) return true;
  }
  return false;
}

/** The unified plugin standing in for rehype-raw (same options, passed on). */
export default function rehypeRawOnDemand(options?: object): RawTransformer {
  return (tree, file) => {
    if (rawPlugin) return rawPlugin(options)(tree, file);
    if (containsRaw(tree.children)) throw new Error('Markdown with raw HTML rendered before rehype-raw was loaded');
    return tree;
  };
}
