import { type Page } from 'playwright-core';
import { pageScripts } from '../src/runner/pageScripts';

// Every page script (server/src/runner/page/) injected into a real page, each doing its job: shared by
// the jest suite (swc) and the script that loads the runner the way `npm start` does (tsx).

export const SECRET = 's3cret-Zq9';

export const PAGE = `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<title>Page scripts</title>
<style>
  body { margin: 0; font: 16px sans-serif; }
  #save { position: absolute; left: 10px; top: 10px; width: 100px; height: 30px; }
  #out { position: absolute; left: 10px; top: 60px; margin: 0; }
  #size { position: absolute; left: 10px; top: 100px; }
  ul { position: absolute; left: 10px; top: 140px; margin: 0; }
  [role=menu] { position: absolute; left: 300px; top: 10px; }
  #tall { height: 3000px; }
</style>
</head>
<body>
<button id="save" class="primary wide" onclick="document.querySelector('#out').textContent = 'Saved'">Save</button>
<p id="out">Token ${SECRET} shown</p>
<select id="size"><option>Small</option><option value="m" selected>Medium</option></select>
<input id="file" type="file" aria-label="File">
<ul><li>One</li><li>Two</li></ul>
<div role="menu">Menu item</div>
<div id="tall"></div>
</body>
</html>`;

/** What each page script answered on PAGE, by script name (runner/pageScripts.ts's). */
export async function observePageScripts(page: Page): Promise<Record<keyof typeof pageScripts, unknown>> {
  page.setDefaultTimeout(5000);
  await page.setContent(PAGE);
  const key = '__plainwright_check';
  const collected = await pageScripts.collectCandidates(page, { max: 400, key });
  const save = collected.items.findIndex((item) => item.tag === 'button');
  const second = collected.items.findIndex((item) => item.tag === 'li' && item.text === 'Two');
  const candidateAt = await pageScripts.candidateAt(page, { key, point: { x: 50, y: 25 } });
  const cssPath = [
    await pageScripts.cssPath(page, { key, i: save }),
    await pageScripts.cssPath(page, { key, i: second }),
  ];
  const classSelectors = await pageScripts.classSelectors(page, { key, i: save });
  const positionAmong = await pageScripts.positionAmong(page.locator('button, li'), { key, i: second });
  await pageScripts.forgetKey(page, key);
  const forgotten = await pageScripts.candidateAt(page, { key, point: { x: 50, y: 25 } });

  const watch = '__plainwright_check_watch';
  await pageScripts.startWatch(page, watch);
  const before = await pageScripts.readWatch(page, watch);
  await page.click('#save');
  const after = await pageScripts.readWatch(page, watch);
  await pageScripts.forgetKey(page, watch);

  // The click replaced the secret's text: a fresh page.
  await page.setContent(PAGE);
  const attribute = 'data-check-secret';
  const marked = await pageScripts.markSecrets(page, { secrets: [SECRET], attribute });
  const markedElements = page.locator(`[${attribute}]`);
  const markedIds = [await markedElements.count(), await markedElements.first().getAttribute('id')];
  await page.setContent(PAGE);
  await pageScripts.markSecrets(page, { secrets: [SECRET], attribute });
  await pageScripts.unmarkSecrets(page, attribute);
  const leftMarked = await page.locator(`[${attribute}]`).count();

  await pageScripts.scrollPage(page, 'bottom');
  const bottom = await page.evaluate('window.scrollY');
  await pageScripts.scrollPage(page, 'top');
  const top = await page.evaluate('window.scrollY');

  return {
    collectCandidates: {
      title: collected.title,
      save: collected.items[save] && { name: collected.items[save].name, role: collected.items[save].role },
    },
    candidateAt: candidateAt === save,
    cssPath,
    classSelectors,
    positionAmong,
    forgetKey: forgotten,
    startWatch: before,
    readWatch: { mutations: after.mutations > 0, replaced: after.replaced },
    markSecrets: { marked, markedIds },
    unmarkSecrets: leftMarked,
    readOutsideMenus: (await pageScripts.readOutsideMenus(page)).split('\n'),
    quietDocument: await pageScripts.quietDocument(page, { quietMs: 50, maxMs: 5000 }),
    selectedLabels: await pageScripts.selectedLabels(page.locator('#size'), { timeout: 1000 }),
    isFileInput: [
      await pageScripts.isFileInput(page.locator('#file'), { timeout: 1000 }),
      await pageScripts.isFileInput(page.locator('#size'), { timeout: 1000 }),
    ],
    scrollPage: { bottom: Number(bottom) > 0, top },
  };
}

/** What observePageScripts answers when every page script does its job. */
export const EXPECTED: Record<keyof typeof pageScripts, unknown> = {
  collectCandidates: { title: 'Page scripts', save: { name: 'Save', role: 'button' } },
  candidateAt: true,
  cssPath: ['#save', 'body > ul > li:nth-of-type(2)'],
  classSelectors: ['button.primary', 'button.wide'],
  // The locator matches the button and both items; the snapshot's "Two" is the third.
  positionAmong: [3, 2],
  forgetKey: -1,
  startWatch: { mutations: 0, formChanged: false, focusedField: false, replaced: false },
  readWatch: { mutations: true, replaced: false },
  markSecrets: { marked: 1, markedIds: [1, 'out'] },
  unmarkSecrets: 0,
  // The menu's words are left out; the select shows its value, the empty file input none.
  readOutsideMenus: ['Save', `Token ${SECRET} shown`, '[m]', 'Small', 'Medium', '[]', 'One', 'Two'],
  quietDocument: true,
  selectedLabels: [['Medium', 'm']],
  isFileInput: [true, false],
  scrollPage: { bottom: true, top: 0 },
};
