// The acceptance corpus of issue 5: plain-words tests over the fixture sites and the state each
// generation must reach. Secrets: `password` (Ada's password) is a suite secret every test may use.

export interface CorpusCase {
  name: string;
  site: 'login' | 'shop' | 'todo' | 'tasks' | 'tasks-wc';
  /** What the case exercises (issue 10's classes): the benchmark reports a pass rate per class. */
  kind?: CaseKind;
  /** In the quick slice `npm test` runs (the whole corpus runs in `npm run bench agents`). */
  slice?: boolean;
  description: string;
  parameters?: Record<string, string>;
  expect: 'passed' | 'failed' | 'not_runnable';
  /** Words the final message must contain (for the tests that must not pass). */
  message?: string[];
}

export const CORPUS: CorpusCase[] = [
  // ── Sign in ──────────────────────────────────────────────────────────────────────────────────────
  {
    name: 'Sign in with a good password',
    site: 'login',
    description:
      'Type "ada@example.com" into the Email field. Type {{password}} into the Password field. Click the Sign in button. Verify the page shows "Welcome, Ada Lovelace".',
    expect: 'passed',
  },
  {
    name: 'Sign in with a bad password',
    site: 'login',
    description:
      'Type "ada@example.com" into the Email field. Type "wrong-password" into the Password field. Click Sign in. Verify the page shows "Incorrect email or password." Verify the URL contains "/login/".',
    expect: 'passed',
  },
  {
    name: 'Sign in needs an email and a password',
    site: 'login',
    description:
      'Click the Sign in button. Verify the page shows "Enter your email address". I should see "Enter your password".',
    expect: 'passed',
  },
  {
    name: 'Sign in rejects a malformed email',
    site: 'login',
    description:
      'Type "not-an-email" into the Email field. Type "x" into the Password field. Submit the form. Verify the page shows "Enter a valid email address".',
    expect: 'passed',
  },
  {
    name: 'Sign in as Grace with parameters',
    site: 'login',
    parameters: { user: 'grace@example.com', pass: 'hopper-1906' },
    description:
      'Sign in as {{user}} with password {{pass}}. Verify the page shows "Welcome, Grace Hopper". Verify the page shows "Compiler".',
    expect: 'passed',
  },
  {
    name: 'Sign out',
    site: 'login',
    description:
      'Sign in as "ada@example.com" with password {{password}}. Verify I am on the dashboard. Click Sign out. Verify the page shows "You have signed out." Verify the URL contains "signed_out=1".',
    expect: 'passed',
  },
  {
    name: 'Remember me',
    site: 'login',
    description:
      'Check the "Remember me" checkbox. Verify the "Remember me" checkbox is checked. Uncheck Remember me. Verify the Remember me checkbox is not checked.',
    expect: 'passed',
  },
  {
    name: 'The dashboard asks to sign in first',
    site: 'login',
    description:
      'Go to /login/dashboard.html. Verify the page shows "Please sign in to continue." Verify the title contains "Sign in".',
    expect: 'passed',
  },
  {
    name: 'The dashboard shows the week',
    site: 'login',
    description:
      'Fill in the Email field with "grace@example.com". Fill in the Password field with {{pw}}. Press Enter. Verify the page shows "Open tickets". Verify the page shows "Recent activity". Verify the title is "Dashboard · Acme Portal".',
    parameters: { pw: 'hopper-1906' },
    expect: 'passed',
  },
  {
    name: 'The email field keeps what was typed',
    site: 'login',
    description:
      'Type "grace@example.com" into the Email field. Verify the Email field has the value "grace@example.com". Clear the Email field. Verify the Email field has the value "".',
    expect: 'passed',
  },
  // ── Shop ─────────────────────────────────────────────────────────────────────────────────────────
  {
    name: 'Search for lamps',
    site: 'shop',
    description:
      'Search for "lamp". Verify there are 2 products. Verify the page shows "Brass desk lamp". Verify the page shows "Arc floor lamp".',
    expect: 'passed',
  },
  {
    name: 'Search with no results',
    site: 'shop',
    description:
      'Search for "unicorn". Verify the page shows "No products match". Verify the page shows "0 products".',
    expect: 'passed',
  },
  {
    name: 'Add a product from the search results',
    site: 'shop',
    description: 'Search for "mug". Add "Stoneware mug" to the cart. Verify the cart link shows "Cart (1)".',
    expect: 'passed',
  },
  {
    name: 'A product page with a quantity',
    site: 'shop',
    description:
      'Open the product page for "Copper kettle". Verify the page shows "$58.25". Type "2" into the Quantity field. Click "Add to cart". Verify the page shows "Added 2 × Copper kettle to your cart".',
    expect: 'passed',
  },
  {
    name: 'Free shipping from $100',
    site: 'shop',
    description:
      'Add "Arc floor lamp" to the cart. Open the cart. Verify the subtotal is "$129.00". Verify the shipping is "Free". Verify the total is "$129.00".',
    expect: 'passed',
  },
  {
    name: 'Shipping under $100',
    site: 'shop',
    description:
      'Add "Stoneware mug" to the cart. Go to the cart page. Verify the shipping is "$5.00". Verify the total is "$19.50".',
    expect: 'passed',
  },
  {
    name: 'Remove a product from the cart',
    site: 'shop',
    description:
      'Add "Linen notebook" to the cart. Open the cart. Remove "Linen notebook" from the cart. Verify the page shows "Your cart is empty."',
    expect: 'passed',
  },
  {
    name: 'Change a quantity in the cart',
    site: 'shop',
    description:
      'Click the second "Add to cart" button. Open the cart. Set the Quantity of Arc floor lamp to 3. Press Tab. Verify the subtotal is "$387.00".',
    expect: 'passed',
  },
  {
    name: 'Checkout shows every missing field',
    site: 'shop',
    description:
      'Add "Potted fern" to the cart. Open the cart. Click Checkout. Click "Place order". Verify the page shows "Please fix 9 problems". Verify the page shows "Enter your full name". Verify the page shows "Enter the 16 digits of your card number".',
    expect: 'passed',
  },
  {
    name: 'Checkout rejects a bad email and expiry',
    site: 'shop',
    description:
      'Add "Potted fern" to the cart. Open the cart. Proceed to checkout. Type "Ada" into the Full name field. Type "nope" into the Email field. Type "13/99" into the Expiry date field. Click the Place order button. Verify the page shows "Enter a valid email address". Verify the page shows "Enter the expiry date as MM/YY".',
    expect: 'passed',
  },
  {
    name: 'Complete an order with parameters',
    site: 'shop',
    parameters: { name: 'Ada Lovelace', email: 'ada@example.com', card: '4242 4242 4242 4242' },
    description: [
      'Add "Wool throw blanket" to the cart.',
      'Open the cart.',
      'Click Checkout.',
      'Fill in Full name with {{name}}.',
      'Type {{email}} into the Email field.',
      'Type "1 Main Street" into the Street address field.',
      'Type "London" into the City field.',
      'Type "N1 9GU" into the Postal code field.',
      'Select "United Kingdom" from the Country list.',
      'Type {{card}} into the Card number field.',
      'Type "12/30" into the Expiry date field.',
      'Type "123" into the Security code field.',
      'Click "Place order".',
      'Verify the page shows "Thank you for your order!"',
      'Verify the order number is "LO-1001".',
      'Verify the page shows "We sent a confirmation to ada@example.com."',
    ].join(' '),
    expect: 'passed',
  },
  {
    name: 'Navigate between pages',
    site: 'shop',
    description:
      'Open the product page for "Potted fern". Verify the page shows "Plants". Click "All products". Verify the page shows "8 products". Open the cart. Verify the page shows "Your cart is empty."',
    expect: 'passed',
  },
  {
    name: 'Search with the keyboard',
    site: 'shop',
    description:
      'Type "kettle" into the search field. Press Enter. Verify the URL contains "q=kettle". Verify there is 1 product.',
    expect: 'passed',
  },
  {
    name: 'Hover, follow a link and go back',
    site: 'shop',
    description:
      'Hover over the Cart link. Click the Cart link. Verify the title contains "Cart". Go back. Verify the title contains "Products".',
    expect: 'passed',
  },
  {
    name: 'The catalogue lists every product',
    site: 'shop',
    description:
      'Verify the title is "Products · Lumen & Oak". Verify the page shows "All products". Scroll to the bottom of the page. Verify there are 8 "Add to cart" buttons.',
    expect: 'passed',
  },
  // ── Todo ─────────────────────────────────────────────────────────────────────────────────────────
  {
    name: 'Add todos',
    site: 'todo',
    description:
      'Add a todo "Buy milk". Add a todo "Walk the dog". Verify there are 2 todo items. Verify "2 items left" is shown.',
    expect: 'passed',
  },
  {
    name: 'Complete a todo',
    site: 'todo',
    description:
      'Add "Buy milk" to the todo list. Mark "Buy milk" as done. Verify "0 items left" is shown. Verify the "Buy milk" checkbox is checked.',
    expect: 'passed',
  },
  {
    name: 'Filter todos',
    site: 'todo',
    description:
      'Add a todo "One". Add a todo "Two". Add a todo "Three". Mark "Two" as done. Click the Active filter. Verify there are 2 todo items. Click the Completed button. Verify there is 1 todo item. Click All. Verify there are 3 todo items.',
    expect: 'passed',
  },
  {
    name: 'Clear completed todos',
    site: 'todo',
    description:
      'Add a todo "Buy milk". Add a todo "Walk the dog". Tick "Walk the dog". Click "Clear completed". Verify the todo list has 1 item. Verify "Walk the dog" is not visible.',
    expect: 'passed',
  },
  {
    name: 'An empty todo is refused',
    site: 'todo',
    description: 'Click the Add button. Verify the page shows "Type something to do first".',
    expect: 'passed',
  },
  {
    name: 'Delete a todo',
    site: 'todo',
    description: 'Add a todo "Temporary". Delete "Temporary". Verify the page shows "Nothing to do yet."',
    expect: 'passed',
  },
  {
    name: 'A todo from a parameter',
    site: 'todo',
    parameters: { task: 'Water the plants' },
    description:
      'Type {{task}} into the New todo field. Press Enter. Verify the page shows {{task}}. Verify "1 item left" is shown.',
    expect: 'passed',
  },
  // ── Tests that must not pass ─────────────────────────────────────────────────────────────────────
  {
    name: 'Vague: test the login',
    site: 'login',
    description: 'Test the login page thoroughly.',
    expect: 'not_runnable',
    message: ['"Test the login page thoroughly"', 'could not be understood', 'Write one action per sentence'],
  },
  {
    name: 'Vague: make sure it works',
    site: 'shop',
    description: 'Make sure the shop works.',
    expect: 'not_runnable',
    message: ['"Make sure the shop works"', 'Say what must be true'],
  },
  {
    name: 'Vague: buy a present',
    site: 'shop',
    description: 'Buy something nice for my mother.',
    expect: 'not_runnable',
    message: ['"Buy something nice for my mother"', 'Write one action per sentence'],
  },
  {
    name: 'Vague half-way',
    site: 'todo',
    description: 'Add a todo "Milk". Then do the rest of the chores.',
    expect: 'not_runnable',
    message: ['Step 4, "Do the rest of the chores"'],
  },
  {
    name: 'A check that does not hold',
    site: 'login',
    description:
      'Type "ada@example.com" into the Email field. Type "nope" into the Password field. Click Sign in. Verify the page shows "Welcome, Ada Lovelace".',
    expect: 'failed',
    message: ['Expected text "Welcome, Ada Lovelace" to be visible'],
  },
  {
    name: 'A button that does not exist',
    site: 'shop',
    description: 'Click the Subscribe button.',
    expect: 'failed',
    message: ['No element on the page matches "Subscribe"'],
  },
];

export type CaseKind =
  'text targets' | 'relational' | 'keys' | 'verbs' | 'two actions' | 'checks' | 'icons' | 'trap' | 'vague';

/** A trap ends failed with the closest candidates named (or both of a tie): never a pass. */
export const TRAP_MESSAGE = /The closest are|equally well/;

// Issue 10: the way people write about a client-rendered list app. Every case runs on both renderings
// of the same app: plain DOM (`tasks`) and web components with open shadow roots (`tasks-wc`).
const LIST_APP: Omit<CorpusCase, 'site'>[] = [
  {
    name: 'Edit a task in place',
    kind: 'text targets',
    slice: true,
    description:
      'Add a task "Pay rent". Add a task "Call mom". Double-click "Pay rent". Replace the text of the item being edited with "Pay the rent" and press Enter. Verify the page shows "Pay the rent". Verify the list shows 2 items.',
    expect: 'passed',
  },
  {
    name: 'Edit a task and give up',
    kind: 'keys',
    description:
      'Add a task "Pay rent". Double click on the "Pay rent" task. Hit Escape. Verify the page shows "Pay rent". Verify "1 item left" is shown.',
    expect: 'passed',
  },
  {
    name: 'Remove a task after hovering it',
    kind: 'relational',
    slice: true,
    description:
      'Add a task "Pay rent". Add a task "Call mom". Hover over "Pay rent". Click its remove button. Verify "Pay rent" is not visible. Verify the page shows "Call mom".',
    expect: 'passed',
  },
  {
    name: 'Remove a task by its row',
    kind: 'relational',
    description:
      'Add a task "Pay rent". Add a task "Call mom". Click the remove button of "Call mom". Verify the list shows 1 item. Verify the list no longer shows "Call mom".',
    expect: 'passed',
  },
  {
    name: 'Delete a task by name',
    kind: 'icons',
    description:
      'Add a task "Pay rent". Add a task "Call mom". Delete "Pay rent". Verify the page no longer shows "Pay rent". Verify "1 item left" is shown.',
    expect: 'passed',
  },
  {
    name: 'Tick the box next to a task',
    kind: 'relational',
    slice: true,
    description:
      'Add a task "Pay rent". Add a task "Call mom". Tick the checkbox next to "Pay rent". Verify "1 item left" is shown. Check that "1 ITEM LEFT" is visible.',
    expect: 'passed',
  },
  {
    name: 'Mark a task done',
    kind: 'relational',
    description:
      'Add a task "Pay rent". Mark "Pay rent" as done. Verify the page shows "0 items left". Click "Clear completed". Verify the page shows "Nothing to do".',
    expect: 'passed',
  },
  {
    name: 'Add the same way',
    kind: 'verbs',
    slice: true,
    description:
      'Add a task "Pay rent" using the "New task" input and press Enter. Add "Call mom" the same way. Verify the list shows 2 items. Check that "2 items left" is visible.',
    expect: 'passed',
  },
  {
    name: 'Enter without typing adds nothing',
    kind: 'keys',
    description:
      'Click the "New task" field and press Enter without typing anything. Verify the page shows "Nothing to do".',
    expect: 'passed',
  },
  {
    name: 'Filter the tasks',
    kind: 'checks',
    description:
      'Add a task "Pay rent". Add a task "Call mom". Tick "Call mom". Click Active. Verify the list shows 1 item. Click the Completed filter. Verify the page shows "Call mom". Verify "Pay rent" is no longer visible. Click All. Verify there are 2 items in the list.',
    expect: 'passed',
  },
  {
    name: 'Type into the field and hit Enter',
    kind: 'keys',
    description:
      'Type "Water the plants" into the New task field. Press Enter in the New task field. The page should show "Water the plants". I should see "1 item left".',
    expect: 'passed',
  },
  // Traps: words shared with what is there, but naming something that is not.
  {
    name: 'Trap: archive all messages',
    kind: 'trap',
    slice: true,
    description: 'Add a task "Pay rent". Click "Archive all messages".',
    expect: 'failed',
    message: ['No element on the page matches "Archive all messages"'],
  },
  {
    name: 'Trap: the checkbox of a task that is not there',
    kind: 'trap',
    description: 'Add a task "Pay rent". Tick the checkbox next to "Buy bread".',
    expect: 'failed',
  },
  {
    name: 'Trap: the remove button of a task that is not there',
    kind: 'trap',
    slice: true,
    description: 'Add a task "Pay rent". Click the remove button of "Call mom".',
    expect: 'failed',
  },
  {
    name: 'Trap: a task that is not there',
    kind: 'trap',
    description: 'Add a task "Pay rent". Double-click "Pay the bills".',
    expect: 'failed',
  },
  {
    name: 'Trap: which remove button',
    kind: 'trap',
    description: 'Add a task "Pay rent". Add a task "Call mom". Click the remove button.',
    expect: 'failed',
    message: ['equally well'],
  },
];

export const AGENTS_CORPUS: CorpusCase[] = [
  ...(['tasks', 'tasks-wc'] as const).flatMap((site) =>
    LIST_APP.map((item) => ({
      ...item,
      site,
      name: `${item.name} (${site === 'tasks' ? 'DOM' : 'web components'})`,
      slice: item.slice && (site === 'tasks-wc' || item.kind === 'trap'),
    })),
  ),
  {
    name: 'Two fields in one sentence',
    site: 'login',
    kind: 'two actions',
    slice: true,
    description:
      'Enter "ada@example.com" in the Email field and {{password}} in the Password field. Click Sign in. Verify the page shows "Welcome, Ada Lovelace".',
    expect: 'passed',
  },
  {
    name: 'Trap: a phone field',
    site: 'login',
    kind: 'trap',
    slice: true,
    description: 'Type "555-1234" into the Phone field.',
    expect: 'failed',
    message: ['No element on the page matches "Phone"', 'The closest are'],
  },
  {
    name: 'Trap: a checkbox named almost the same',
    site: 'login',
    kind: 'trap',
    description: 'Check the "Remember password" checkbox.',
    expect: 'failed',
  },
  {
    name: 'Trap: sign up',
    site: 'login',
    kind: 'trap',
    description: 'Click the Sign up link.',
    expect: 'failed',
  },
  {
    name: 'Trap: the cart icon',
    site: 'shop',
    kind: 'trap',
    slice: true,
    description: 'Click the cart icon.',
    expect: 'failed',
  },
  {
    name: 'Trap: a zip code field',
    site: 'shop',
    kind: 'trap',
    description: 'Type "10001" into the Zip code field.',
    expect: 'failed',
  },
  {
    name: 'Trap: delete all',
    site: 'todo',
    kind: 'trap',
    description: 'Add a todo "Buy milk". Click the Delete all button.',
    expect: 'failed',
  },
];
