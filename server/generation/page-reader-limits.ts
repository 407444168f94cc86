/**
 * How complex a product page may be before ReplyRadar refuses to read it. Reading costs far more than
 * the page's size: Readability walks every element's ancestors and subtree several times, so a page of
 * thousands of nested elements takes seconds (decision 021). Real product pages stay far below both:
 * a few thousand elements, nested a few dozen deep.
 */
export const pageLimits = {
  /** Elements nested in one another (browsers' parsers stop nesting at 512). */
  maxDepth: 256,
  /** Elements in the whole page. */
  maxElements: 20_000,
} as const;

export type PageLimits = { maxDepth: number; maxElements: number };

/** The page is past a limit of what ReplyRadar reads, or took longer than its reading budget. */
export class PageTooComplexError extends Error {
  override name = 'PageTooComplexError';
  constructor(readonly reason: 'depth' | 'elements' | 'time') {
    super(`The page is too complex to read (${reason})`);
  }
}

// Elements that never contain others, and elements whose content is text the parser does not read as tags.
const voidElements = new Set(
  'area base br col embed hr img input link meta param source track wbr basefont bgsound frame keygen'.split(
    ' ',
  ),
);
const rawTextElements = new Set(
  'script style textarea title xmp iframe noembed noframes noscript plaintext'.split(' '),
);
// Elements a parser closes when a sibling of the same name opens (`<li>a<li>b`).
const selfSiblingElements = new Set('p li dt dd option optgroup tr td th rb rt rp'.split(' '));

const isNameStart = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
const isNameChar = (code: number) =>
  isNameStart(code) || (code >= 48 && code <= 57) || code === 45 || code === 58;

/**
 * A cheap scan of the markup before it is parsed: counts the start tags and follows how deep they nest
 * (end tags close up to their element, void and raw-text elements hold no others), and stops at the
 * first limit passed. One pass of `indexOf`, so it costs little even on a hostile page.
 */
export function checkMarkup(html: string, limits: PageLimits = pageLimits): void {
  const lower = html.toLowerCase();
  const open: string[] = [];
  let elements = 0;
  let at = lower.indexOf('<');
  while (at !== -1) {
    if (lower.startsWith('<!--', at)) {
      const end = lower.indexOf('-->', at + 4);
      if (end === -1) return;
      at = lower.indexOf('<', end + 3);
      continue;
    }
    const closing = lower.charCodeAt(at + 1) === 47; /* / */
    let nameEnd = at + (closing ? 2 : 1);
    if (!isNameStart(lower.charCodeAt(nameEnd))) {
      at = lower.indexOf('<', at + 1);
      continue;
    }
    while (isNameChar(lower.charCodeAt(nameEnd))) nameEnd += 1;
    const name = lower.slice(at + (closing ? 2 : 1), nameEnd);
    const tagEnd = lower.indexOf('>', nameEnd);
    if (tagEnd === -1) return;
    if (closing) {
      const index = open.lastIndexOf(name);
      if (index !== -1) open.length = index;
      at = lower.indexOf('<', tagEnd + 1);
      continue;
    }
    elements += 1;
    if (elements > limits.maxElements) throw new PageTooComplexError('elements');
    if (rawTextElements.has(name)) {
      const end = lower.indexOf(`</${name}`, tagEnd + 1);
      if (end === -1) return;
      at = end;
      continue;
    }
    if (!voidElements.has(name) && lower.charCodeAt(tagEnd - 1) !== 47 /* / */) {
      if (selfSiblingElements.has(name) && open[open.length - 1] === name) open.pop();
      open.push(name);
      if (open.length > limits.maxDepth) throw new PageTooComplexError('depth');
    }
    at = lower.indexOf('<', tagEnd + 1);
  }
}

/**
 * The same limits on the parsed document, which is what the reading walks: the parser may nest what
 * the scan did not expect. Iterative, one visit per element.
 */
export function checkDocument(root: ParentNode, limits: PageLimits = pageLimits): void {
  let elements = 0;
  let depth = 1;
  let node: Element | null = root.firstElementChild;
  while (node) {
    elements += 1;
    if (elements > limits.maxElements) throw new PageTooComplexError('elements');
    if (depth > limits.maxDepth) throw new PageTooComplexError('depth');
    const child: Element | null = node.firstElementChild;
    if (child) {
      node = child;
      depth += 1;
      continue;
    }
    while (node && !node.nextElementSibling) {
      const parent: Element | null = node.parentElement;
      node = parent && parent !== root ? parent : null;
      depth -= 1;
    }
    node = node?.nextElementSibling ?? null;
  }
}
