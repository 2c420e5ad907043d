// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

/** One element of the page as the coder sees it: never a DOM dump, only what locators are made of. */
export interface CandidateFields {
  tag: string;
  type: string | null;
  role: string;
  /** Accessible name (an approximation; locators are checked against Playwright's own). */
  name: string;
  label: string | null;
  placeholder: string | null;
  /** Visible text, cut to 80 characters. */
  text: string | null;
  testId: string | null;
  id: string | null;
  nameAttr: string | null;
  checked: boolean | null;
  disabled: boolean;
  editable: boolean;
  visible: boolean;
  box: { x: number; y: number; width: number; height: number } | null;
  options: string[] | null;
  selected: string | null;
  /** Text of the nearest row, list item or section around it (for 'the Remove button of "Mug"'). */
  container: string | null;
  /** The role of that container ('listitem', 'row', 'article', 'dialog', …), for relational locators. */
  containerRole: string | null;
  /** Words of an icon-only control's title, classes and icon ("trash", "pencil"): what it shows, not what it is called. */
  iconHint: string | null;
  /** It opens a menu (aria-haspopup "menu" or "true"): a "More actions" button. */
  popup?: boolean;
  /** It opens a listbox of options (aria-haspopup "listbox", or aria-autocomplete "list"/"both"): a custom select or an autocomplete. */
  listbox?: boolean;
  /** It opens a dialog (aria-haspopup "dialog"): a date picker's field whose calendar opens over the page. */
  calendar?: boolean;
  /**
   * Words of the regions around it, innermost first: a kind word for each landmark, dialog or menu
   * ('dialog', 'navigation', 'header', 'footer', 'sidebar', 'menu', 'form', 'main'), its name, and
   * 'left'/'right' for a region along a side of the page — what 'in the left navigation' is checked on.
   */
  region?: string | null;
  /** Direct items of a list. */
  itemCount: number | null;
  /** The same-origin iframe it is in: a CSS selector of that iframe in the page (null: the page itself). */
  frame: string | null;
}

export interface Collected {
  items: CandidateFields[];
  title: string;
}

/**
 * In the page: the interactive and addressable elements, in document order. The elements stay in the
 * page under `key` (a hidden property of window) for later reads of this snapshot.
 */
export default function collectCandidates(options: { max: number; key: string }): Collected {
  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  // Shadow hosts on the page: text around them must be read through their shadow roots (innerText is not).
  const hosts: Element[] = [];
  const deepText = (node: Node): string => {
    if (node.nodeType === 3) return node.textContent ?? '';
    if (node.nodeType !== 1 && node.nodeType !== 11) return '';
    const el = node as Element;
    if (node.nodeType === 1) {
      const tag = el.tagName.toLowerCase();
      if (tag === 'style' || tag === 'script' || tag === 'template') return '';
      if ((el as HTMLElement).hidden || getComputedStyle(el).display === 'none') return '';
      if (tag === 'slot')
        return (el as HTMLSlotElement).assignedNodes({ flatten: true }).map(deepText).join(' ');
      if (tag === 'input' || tag === 'textarea' || tag === 'select') return '';
    }
    const children = node.nodeType === 1 && el.shadowRoot ? el.shadowRoot.childNodes : node.childNodes;
    return Array.from(children).map(deepText).join(' ');
  };
  // innerText applies CSS text-transform (MUI's buttons and tabs say "NEW ORDER"); the accessible name,
  // and so Playwright's getByRole, has the words as written ("New order"): those when only case differs.
  const asWritten = (el: Element) => {
    const shown = clean((el as HTMLElement).innerText ?? el.textContent);
    const written = clean(el.textContent);
    return shown !== written && shown.toLowerCase() === written.toLowerCase() ? written : shown;
  };
  const textOf = (el: Element) =>
    hosts.some((host) => host === el || el.contains(host)) ? clean(deepText(el)) : asWritten(el);
  const byIds = (ids: string, root: Document | ShadowRoot) =>
    clean(
      ids
        .split(/\s+/)
        .map((id) => root.getElementById(id))
        .filter((el): el is HTMLElement => Boolean(el))
        .map((el) => asWritten(el))
        .join(' '),
    );
  const roleOf = (el: Element): string => {
    const explicit = el.getAttribute('role');
    if (explicit) return explicit.trim().split(/\s+/)[0];
    const tag = el.tagName.toLowerCase();
    if (tag === 'a') return el.hasAttribute('href') ? 'link' : 'generic';
    if (tag === 'button' || tag === 'summary') return 'button';
    if (tag === 'select') {
      const select = el as HTMLSelectElement;
      return select.multiple || select.size > 1 ? 'listbox' : 'combobox';
    }
    if (tag === 'textarea') return 'textbox';
    if (tag === 'input') {
      const input = el as HTMLInputElement;
      const type = (input.getAttribute('type') ?? 'text').toLowerCase();
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      if (type === 'range') return 'slider';
      if (type === 'number') return 'spinbutton';
      if (type === 'search') return input.list ? 'combobox' : 'searchbox';
      return input.list ? 'combobox' : 'textbox';
    }
    if (/^h[1-6]$/.test(tag)) return 'heading';
    const implicit: Record<string, string> = {
      ul: 'list',
      ol: 'list',
      li: 'listitem',
      nav: 'navigation',
      img: 'img',
      table: 'table',
      tr: 'row',
      td: 'cell',
      th: 'columnheader',
      dd: 'definition',
      dt: 'term',
      p: 'paragraph',
      form: 'form',
      main: 'main',
      header: 'banner',
      footer: 'contentinfo',
      strong: 'strong',
      section: 'region',
      article: 'article',
    };
    return implicit[tag] ?? 'generic';
  };
  const nameFromContent = new Set([
    'button',
    'link',
    'heading',
    'tab',
    'menuitem',
    'option',
    'radio',
    'checkbox',
    'switch',
    'treeitem',
    'cell',
    'columnheader',
    'rowheader',
    'tooltip',
  ]);
  const labelOf = (el: Element): string | null => {
    const labels = (el as HTMLInputElement).labels;
    if (!labels || labels.length === 0) return null;
    return (
      clean(
        Array.from(labels)
          .map((label) => textOf(label))
          .join(' '),
      ) || null
    );
  };
  const FORM_CONTROLS =
    'input:not([type=hidden]), select, textarea, [role=combobox], [role=textbox], [role=slider]';
  // The nearest element around a control (three levels at most) that holds no other control.
  const ownWidget = (el: Element, levels: number, accept: (around: Element) => boolean): Element | null => {
    let around = el.parentElement;
    for (let level = 0; around && level < levels; level++, around = around.parentElement) {
      if (Array.from(around.querySelectorAll(FORM_CONTROLS)).some((other) => other !== el)) return null;
      if (accept(around)) return around;
    }
    return null;
  };
  // Not past a label: the words of a form row around the widget are what it is called, not what it shows.
  const shownBeside = (el: Element): string => {
    let labelled = false;
    const widget = ownWidget(el, 3, (around) => {
      labelled ||= around.querySelector('label, legend') !== null;
      return !labelled && clean(deepText(around)).length > 0;
    });
    return widget ? clean(deepText(widget)).slice(0, 80) : '';
  };
  // A label not tied to its control (no for=, not around it) but alone beside it in one form row:
  // "New hire's email" above its input.
  const labelBeside = (el: Element): string | null => {
    const row = ownWidget(el, 5, (around) => around.querySelector('label') !== null);
    const label = row?.querySelector('label');
    if (!row) return captionAbove(el);
    if (!label || label.contains(el) || (label as HTMLLabelElement).control) return null;
    return clean(textOf(label)) || null;
  };
  // Words that are no label at all but open the control's own row, before it: "Remind patients this
  // many hours before" in a paragraph above a slider (as Mantine's docs draw one), what a person calls it.
  const captionAbove = (el: Element): string | null => {
    const CONTROLS = 'input, select, textarea, button, a[href], [role]';
    const caption = (around: Element): string => {
      const first = around.firstElementChild;
      if (!first || first.contains(el) || first.matches(CONTROLS) || first.querySelector(CONTROLS)) return '';
      const words = clean(textOf(first));
      return words.length <= 80 ? words : '';
    };
    const row = ownWidget(el, 5, (around) => caption(around) !== '');
    return row ? caption(row) || null : null;
  };
  const accessibleName = (el: Element, role: string): string => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) {
      const name = byIds(labelledBy, el.getRootNode() as Document | ShadowRoot);
      if (name) return name;
    }
    const ariaLabel = clean(el.getAttribute('aria-label'));
    if (ariaLabel) return ariaLabel;
    const tag = el.tagName.toLowerCase();
    if (tag === 'input' || tag === 'select' || tag === 'textarea') {
      const input = el as HTMLInputElement;
      const type = (input.getAttribute('type') ?? '').toLowerCase();
      if (['submit', 'reset', 'button'].includes(type))
        return clean(input.value) || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');
      if (type === 'image') return clean(input.alt) || 'Submit';
      const label = labelOf(el);
      if (label) return label;
      const title = clean(el.getAttribute('title'));
      if (title) return title;
      return clean(el.getAttribute('placeholder'));
    }
    if (tag === 'img') return clean(el.getAttribute('alt'));
    if (nameFromContent.has(role)) {
      const text = textOf(el);
      if (text) return text;
    }
    return clean(el.getAttribute('title'));
  };
  const visible = (el: Element) => {
    const html = el as HTMLElement;
    const rect = html.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) return false;
    return typeof html.checkVisibility === 'function'
      ? html.checkVisibility({ checkVisibilityCSS: true })
      : true;
  };
  const selector = [
    'a[href]',
    'button',
    'input:not([type=hidden])',
    'select',
    'textarea',
    'summary',
    '[role]',
    '[contenteditable=""]',
    '[contenteditable="true"]',
    '[data-testid]',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    // A list's items, even when their words sit in inner elements ('the last project').
    'li',
    '[tabindex]:not([tabindex="-1"])',
  ].join(', ');
  // Text-bearing elements a person may point at ('Double-click "Pay rent"'), kept only when they hold
  // text of their own, so the list stays compact.
  const textSelector =
    'li, tr, td, th, label, p, dt, dd, span, div, strong, em, small, b, i, legend, caption';
  const ownText = (el: Element) =>
    Array.from(el.childNodes).some(
      (node) => node.nodeType === 3 && (node.textContent ?? '').trim().length > 0,
    );
  // Document order, through open shadow roots (Playwright's locators pierce them too).
  const elements: Element[] = [];
  // Same-origin iframes of the page (one level): each element's frame, and where the frame sits.
  const frameOf = new Map<Element, { selector: string; x: number; y: number }>();
  let currentFrame: { selector: string; x: number; y: number } | null = null;
  const frameSelector = (frame: HTMLIFrameElement, index: number) => {
    const title = frame.getAttribute('title');
    if (frame.id) return `#${CSS.escape(frame.id)}`;
    if (title) return `iframe[title="${title.replace(/"/g, '\\"')}"]`;
    const name = frame.getAttribute('name');
    if (name) return `iframe[name="${name.replace(/"/g, '\\"')}"]`;
    const src = frame.getAttribute('src');
    if (src) return `iframe[src="${src.replace(/"/g, '\\"')}"]`;
    return `iframe >> nth=${index}`;
  };
  let frameIndex = 0;
  const walk = (root: Element | ShadowRoot | Document) => {
    for (const el of Array.from(root.children)) {
      if (elements.length >= options.max) return;
      if (el.matches(selector) || (el.matches(textSelector) && ownText(el))) {
        elements.push(el);
        if (currentFrame) frameOf.set(el, currentFrame);
      }
      if (el.shadowRoot) {
        hosts.push(el);
        walk(el.shadowRoot);
      }
      if (el.tagName === 'IFRAME' && !currentFrame) {
        let inner: Document | null = null;
        try {
          inner = (el as HTMLIFrameElement).contentDocument;
        } catch {
          inner = null; // A cross-origin frame: not ours to read.
        }
        const index = frameIndex++;
        if (inner?.documentElement) {
          const rect = el.getBoundingClientRect();
          currentFrame = { selector: frameSelector(el as HTMLIFrameElement, index), x: rect.x, y: rect.y };
          walk(inner);
          currentFrame = null;
        }
      }
      walk(el);
    }
  };
  walk(document);
  // The parent across a shadow boundary (a shadow root's host).
  const parentOf = (el: Element): Element | null =>
    el.parentElement ?? ((el.parentNode as ShadowRoot | null)?.host as Element | undefined) ?? null;
  const CONTAINERS =
    'li, tr, article, dialog, [role=listitem], [role=row], [role=dialog], [role=article], fieldset, section, [data-testid]';
  const containerOf = (el: Element): Element | null => {
    for (let node = parentOf(el); node; node = parentOf(node)) if (node.matches(CONTAINERS)) return node;
    return null;
  };
  const iconHintOf = (el: Element): string | null => {
    const words: string[] = [];
    const add = (text: string | null | undefined) => {
      if (text) words.push(text);
    };
    const classes: string[] = [];
    for (const node of [el, ...Array.from(el.querySelectorAll('*')).slice(0, 6)]) {
      // A component library's own classes (MuiIconButton-root, css-1x2y3z) say how it is built, not
      // what it shows: they would crowd out the icon's name.
      classes.push(
        ...(node.getAttribute('class') ?? '')
          .split(/\s+/)
          .filter((token) => token && !/^(?:Mui|css-|jss\d|sc-|chakra-|ant-|emotion-)/.test(token)),
      );
      add(node.getAttribute('data-icon'));
      add(node.getAttribute('title'));
      // An icon component's test id names its icon (MUI's <svg data-testid="MoreVertIcon">).
      if (node !== el && node.tagName.toLowerCase() === 'svg') add(node.getAttribute('data-testid'));
      // A button that opens a menu says so to assistive technology: a hint a person calls "menu".
      if (node.getAttribute('aria-haspopup') === 'menu' || node.getAttribute('aria-haspopup') === 'true')
        add('haspopup');
      if (node.tagName.toLowerCase() === 'use')
        add(node.getAttribute('href') ?? node.getAttribute('xlink:href'));
      if (node.tagName.toLowerCase() === 'title') add(node.textContent);
    }
    add(classes.join(' '));
    const hint = clean(
      words
        .join(' ')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .replace(/[^A-Za-z0-9×✕✖+☰⋮…]+/g, ' '),
    ).toLowerCase();
    return hint ? hint.slice(0, 60) : null;
  };
  // The regions an element sits in, with the words a person uses for each kind.
  const REGION_KINDS: [string, string][] = [
    ['dialog,[role=dialog],[role=alertdialog],[aria-modal=true]', 'dialog'],
    ['nav,[role=navigation]', 'navigation'],
    ['aside,[role=complementary]', 'sidebar'],
    ['header,[role=banner]', 'header'],
    ['footer,[role=contentinfo]', 'footer'],
    ['[role=menu],[role=menubar],[role=listbox]', 'menu'],
    ['form,[role=form],[role=search]', 'form'],
    ['main,[role=main]', 'main'],
  ];
  const regions = new Map<Element, string>();
  const regionWords = (node: Element): string => {
    const known = regions.get(node);
    if (known !== undefined) return known;
    let kind = REGION_KINDS.find(([selector]) => node.matches(selector))?.[1] ?? null;
    // A side drawer (MUI's Drawer, a "sidebar" or "sidenav" div) is a navigation region too.
    if (!kind && /side-?bar|side-?nav|drawer/i.test(`${node.getAttribute('class') ?? ''} ${node.id}`))
      kind = 'sidebar';
    let words = '';
    if (kind) {
      const labelledBy = node.getAttribute('aria-labelledby');
      const name =
        (labelledBy ? byIds(labelledBy, node.getRootNode() as Document | ShadowRoot) : '') ||
        clean(node.getAttribute('aria-label'));
      const rect = node.getBoundingClientRect();
      const width = window.innerWidth || 1;
      const side =
        rect.width > 0 && rect.width < width * 0.5
          ? rect.right <= width * 0.4
            ? ' left'
            : rect.left >= width * 0.6
              ? ' right'
              : ''
          : '';
      words = `${kind}${side}${name ? ` ${name.slice(0, 40)}` : ''}`;
    }
    regions.set(node, words);
    return words;
  };
  const regionOf = (el: Element): string | null => {
    const words: string[] = [];
    for (let node = parentOf(el); node && words.length < 4; node = parentOf(node)) {
      const found = regionWords(node);
      if (found) words.push(found);
    }
    return words.length > 0 ? words.join(' ') : null;
  };
  const items = elements.map((el) => {
    const tag = el.tagName.toLowerCase();
    const role = roleOf(el);
    const html = el as HTMLInputElement;
    const isVisible = visible(el);
    const frame = frameOf.get(el) ?? null;
    const inner = el.getBoundingClientRect();
    const rect = frame
      ? { x: inner.x + frame.x, y: inner.y + frame.y, width: inner.width, height: inner.height }
      : inner;
    const type =
      tag === 'input'
        ? (el.getAttribute('type') ?? 'text').toLowerCase()
        : tag === 'button'
          ? (el.getAttribute('type') ?? 'submit').toLowerCase()
          : null;
    const listbox =
      el.getAttribute('aria-haspopup') === 'listbox' ||
      ['list', 'both'].includes(el.getAttribute('aria-autocomplete') ?? '');
    // A read-only input that opens a listbox is a select built from an input (Ant Design's Select):
    // nothing can be typed into it, its options open on a click.
    const editable =
      (tag === 'input' &&
        !['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'range', 'file', 'color'].includes(
          type ?? '',
        ) &&
        !(listbox && html.readOnly)) ||
      tag === 'textarea' ||
      (el as HTMLElement).isContentEditable;
    const containerEl = containerOf(el);
    // A select built from an input shows its value or placeholder beside it, in the widget around it
    // ("5 / page", "All departments"): what a person calls it by.
    const text = textOf(el) || (listbox && !html.value ? shownBeside(el) : '');
    const name = accessibleName(el, role);
    const select = tag === 'select' ? (el as HTMLSelectElement) : null;
    return {
      tag,
      type,
      role,
      name,
      label: labelOf(el) || (editable || listbox || role === 'slider' ? labelBeside(el) : null),
      placeholder: clean(el.getAttribute('placeholder')) || null,
      text: text ? text.slice(0, 80) : null,
      testId: el.getAttribute('data-testid'),
      id: el.id || null,
      nameAttr: el.getAttribute('name'),
      checked:
        role === 'checkbox' || role === 'radio' || role === 'switch'
          ? Boolean(html.checked ?? el.getAttribute('aria-checked') === 'true')
          : null,
      disabled: Boolean((el as HTMLButtonElement).disabled) || el.getAttribute('aria-disabled') === 'true',
      editable,
      visible: isVisible,
      box: isVisible
        ? {
            x: Math.round(rect.x),
            y: Math.round(rect.y),
            width: Math.round(rect.width),
            height: Math.round(rect.height),
          }
        : null,
      options: select
        ? Array.from(select.options)
            .map((option) => clean(option.label || option.text))
            .slice(0, 30)
        : null,
      selected: select ? clean(select.selectedOptions[0]?.label ?? '') || null : null,
      // Words of separate elements stay apart ('Apollo Updated today', not innerText's 'ApolloUpdated today' of a flex row).
      container: containerEl ? clean(deepText(containerEl)).slice(0, 120) : null,
      containerRole: containerEl ? roleOf(containerEl) : null,
      // Only controls that show no words of their own need their icon read.
      iconHint:
        (role === 'button' || role === 'link' || role === 'img') && !/[\p{L}\p{N}]/u.test(text)
          ? iconHintOf(el)
          : null,
      popup: ['menu', 'true'].includes(el.getAttribute('aria-haspopup') ?? ''),
      listbox,
      calendar: el.getAttribute('aria-haspopup') === 'dialog',
      region: regionOf(el),
      itemCount: role === 'list' ? el.querySelectorAll(':scope > li, :scope > [role=listitem]').length : null,
      frame: frame ? frame.selector : null,
    };
  });
  Object.defineProperty(window, options.key, { value: elements, configurable: true });
  return { items, title: document.title };
}
