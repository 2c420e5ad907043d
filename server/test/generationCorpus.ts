// The acceptance corpus of issue 5: plain-words tests over the fixture sites and the state each
// generation must reach. Secrets: `password` (Ada's password) is a suite secret every test may use.

export interface CorpusCase {
  name: string;
  site:
    | 'login'
    | 'shop'
    | 'todo'
    | 'tasks'
    | 'tasks-wc'
    | 'orders'
    | 'orders-wc'
    | 'booking'
    | 'booking-wc'
    | 'projects'
    | 'projects-wc'
    | 'help'
    | 'admin-mui'
    | 'admin-antd'
    | 'admin-mantine';
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
    slice: true,
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
    slice: true,
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
    slice: true,
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
  | 'text targets'
  | 'relational'
  | 'keys'
  | 'verbs'
  | 'two actions'
  | 'checks'
  | 'icons'
  | 'ordinals'
  | 'forms'
  | 'dialogs'
  | 'iframes'
  | 'trap'
  | 'vague';

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

// A data table: icon-only row actions, sorting by a column header, paging (5 orders a page, 12 in all).
const ORDERS_APP: Omit<CorpusCase, 'site'>[] = [
  {
    name: 'Sort orders by customer',
    kind: 'ordinals',
    slice: true,
    description:
      'Sort the table by Customer. Verify the page shows "Sorted by customer, ascending". Verify the first row contains "Ada Lovelace". Click the Customer header again. The second row should contain "Margaret Hamilton".',
    expect: 'passed',
  },
  {
    name: 'Sort orders by total',
    kind: 'ordinals',
    description:
      'Click the "Total" column header. Verify the first row shows "$18.75". Click on Total. Verify the last row shows "$140.00". Verify the page shows "Sorted by total, descending".',
    expect: 'passed',
  },
  {
    name: 'Page through the orders',
    kind: 'checks',
    description:
      'Verify the page shows "Page 1 of 3". Click Next. Verify "Page 2 of 3" is shown. Verify the page shows "Margaret Hamilton". Go to the next page. Verify the table has 2 rows. Click Previous. I should see "Page 2 of 3".',
    expect: 'passed',
  },
  {
    name: 'Delete an order by its row',
    kind: 'icons',
    description:
      'Click the delete button of "Grace Hopper". Verify the page shows "Order #1002 deleted." Verify "Grace Hopper" is not visible. Verify the page shows "11 orders".',
    expect: 'passed',
  },
  {
    name: 'Delete the third order',
    kind: 'ordinals',
    description:
      'Click the trash icon in the third row. Verify the page shows "Order #1003 deleted." Verify the page no longer shows "Alan Turing".',
    expect: 'passed',
  },
  {
    name: 'Change the status of an order',
    kind: 'relational',
    description:
      'Click the edit button next to "Katherine Johnson". Select "Shipped" from the Status list. Click Save. Verify the page shows "Order #1004 updated." Verify the row of "Katherine Johnson" shows "Shipped".',
    expect: 'passed',
  },
  {
    name: 'Edit an order and cancel',
    kind: 'relational',
    description:
      'Click the pencil icon for "Alan Turing". Click Cancel. Verify the page shows "Delivered". Verify the page shows "12 orders".',
    expect: 'passed',
  },
  {
    name: 'The orders page title',
    kind: 'checks',
    description:
      'Verify the title is "Orders · Back office". The URL should contain "/orders". Verify the table shows 5 rows.',
    expect: 'passed',
  },
  {
    name: 'Edit the second order',
    kind: 'ordinals',
    description:
      'Click the pencil icon in the second row. Choose "Cancelled" from the Status list. Click Save. Verify the page shows "Order #1002 updated." Verify the second row contains "Cancelled".',
    expect: 'passed',
  },
  {
    name: 'Delete the last order on the page',
    kind: 'ordinals',
    description:
      'Click the delete button in the last row. Verify the page shows "Order #1005 deleted." Verify the table has 5 rows. Verify the page shows "11 orders".',
    expect: 'passed',
  },
  {
    name: 'Trap: an export button',
    kind: 'trap',
    description: 'Click the Export orders button.',
    expect: 'failed',
  },
  {
    name: 'Trap: a column that is not there',
    kind: 'trap',
    description: 'Sort the table by Order date.',
    expect: 'failed',
  },
  {
    name: 'Trap: the delete button of an order that is not there',
    kind: 'trap',
    description: 'Click the delete button of "Grace Kelly".',
    expect: 'failed',
  },
];

// A form-heavy app: a select, a radio group, date inputs, inline validation, a summary after submit.
const BOOKING_APP: Omit<CorpusCase, 'site'>[] = [
  {
    name: 'Book a trip',
    kind: 'forms',
    description: [
      'Type "Ada Lovelace" into the Full name field.',
      'Enter "ada@example.com" in the Email field.',
      'Choose "Kyoto" from the Destination list.',
      'Select Business as the travel class.',
      'Set the Departure date to 2027-03-01.',
      'Set the Return date to 2027-03-10.',
      'Click "Book trip".',
      'Verify the page shows "Booking summary".',
      'Verify the page shows "1 Mar 2027 to 10 Mar 2027".',
      'Verify the page shows "Business".',
    ].join(' '),
    expect: 'passed',
  },
  {
    name: 'Book a trip for two with offers',
    kind: 'forms',
    description:
      'Fill in Full name with "Grace Hopper". Fill in Email with "grace@example.com". Pick Oslo as the destination. Choose the "Premium economy" option. Enter "2027-06-01" into the Departure date field. Enter "2027-06-05" into the Return date field. Select "2" in the Travellers list. Tick "Send me travel offers". Click the Book trip button. Verify the page shows "Thank you, Grace Hopper!" Verify the page shows "Premium economy".',
    expect: 'passed',
  },
  {
    name: 'Every missing field is named',
    kind: 'forms',
    description:
      'Click "Book trip". Verify the page shows "Please fix 6 problems". Verify the page shows "Enter your full name". Verify the page shows "Choose a destination". Verify the page shows "Choose a travel class".',
    expect: 'passed',
  },
  {
    name: 'A return before the departure',
    kind: 'forms',
    slice: true,
    description:
      'Set the Departure date to 2027-05-10. Set the Return date to 2027-05-01. Submit the form. I should see "The return date must be after the departure date".',
    expect: 'passed',
  },
  {
    name: 'A bad email is refused',
    kind: 'forms',
    description:
      'Type "not an email" into the Email field. Press Tab. Verify the page shows "Enter a valid email address". Verify the Email field has the value "not an email".',
    expect: 'passed',
  },
  {
    name: 'Radio and select keep their choice',
    kind: 'forms',
    description:
      'Choose "Economy" as the travel class. Verify the "Economy" radio is checked. Select "Lisbon" from the Destination dropdown. Verify the Destination field has the value "Lisbon".',
    expect: 'passed',
  },
  {
    name: 'Pick a destination, a class and a date',
    kind: 'forms',
    description:
      'Choose Reykjavik from the Destination dropdown. Click the "Economy" radio button. Set Departure date to 2027-01-10. Verify the Departure date field has the value "2027-01-10". Verify the "Business" radio is not checked.',
    expect: 'passed',
  },
  {
    name: 'Travellers and offers',
    kind: 'forms',
    description:
      'Select "3" from the Travellers list. Check "Send me travel offers". Verify the "Send me travel offers" checkbox is checked. Verify the Travellers field has the value "3".',
    expect: 'passed',
  },
  {
    name: 'Trap: a phone number field',
    kind: 'trap',
    slice: true,
    description: 'Type "555-1234" into the Phone number field.',
    expect: 'failed',
  },
  {
    name: 'Trap: a class that is not offered',
    kind: 'trap',
    description: 'Select "First class" as the travel class.',
    expect: 'failed',
  },
  {
    name: 'Trap: a seat list',
    kind: 'trap',
    description: 'Choose "Window" from the Seat list.',
    expect: 'failed',
  },
  {
    name: 'Trap: an arrival date',
    kind: 'trap',
    description: 'Set the Arrival date to 2027-05-01.',
    expect: 'failed',
  },
];

// Menus, dialogs and toasts: an icon-only menu button per project, a confirm dialog, a toast that goes away.
const PROJECTS_APP: Omit<CorpusCase, 'site'>[] = [
  {
    name: 'Delete a project from its menu',
    kind: 'dialogs',
    description:
      'Open the menu of "Gemini". Choose Delete. Verify the page shows "Delete Gemini?" Click "Delete project". Verify the page shows "Gemini deleted". Wait for "Gemini deleted" to disappear. Verify the page shows "3 projects".',
    expect: 'passed',
  },
  {
    name: 'Cancel a delete',
    kind: 'dialogs',
    description:
      'Click the menu button next to "Apollo". Click Delete. Click Cancel. Verify "Delete Apollo?" is not visible. Verify the page shows "Apollo". Verify the page shows "4 projects".',
    expect: 'passed',
  },
  {
    name: 'Duplicate a project',
    kind: 'dialogs',
    description:
      'Click the more button of "Mercury". Click Duplicate. Wait for "Mercury duplicated". Verify the page shows "Mercury (copy)". Verify the page shows "5 projects".',
    expect: 'passed',
  },
  {
    name: 'Create a project',
    kind: 'dialogs',
    description:
      'Click "New project". Type "Zephyr" into the Project name field. Click Create. Verify the page shows "Project Zephyr created". Verify the list shows 5 items.',
    expect: 'passed',
  },
  {
    name: 'Rename a project',
    kind: 'dialogs',
    description:
      'Open the menu for "Voyager". Select Rename. Replace the text of the Project name field with "Voyager 2" and press Enter. Verify the page shows "Voyager renamed to Voyager 2".',
    expect: 'passed',
  },
  {
    name: 'Archive the last project',
    kind: 'ordinals',
    description:
      'Open the menu of the last project. Click Archive. Verify the page shows "Voyager archived". Verify the list shows 3 items.',
    expect: 'passed',
  },
  {
    name: 'Escape closes the menu',
    kind: 'dialogs',
    description:
      'Open the menu of "Apollo". Verify the page shows "Duplicate". Press Escape. Verify "Duplicate" is not visible.',
    expect: 'passed',
  },
  {
    name: 'A project needs a name',
    kind: 'dialogs',
    description:
      'Click "New project". Click Create. I should see "Give the project a name". Click Cancel. Verify the page shows "4 projects".',
    expect: 'passed',
  },
  {
    name: 'Trap: a share item',
    kind: 'trap',
    description: 'Open the menu of "Apollo". Click "Share project".',
    expect: 'failed',
  },
  {
    name: 'Trap: the menu of a project that is not there',
    kind: 'trap',
    description: 'Open the menu of "Pioneer".',
    expect: 'failed',
  },
];

// A page holding a same-origin iframe with a form inside.
const HELP_APP: Omit<CorpusCase, 'site'>[] = [
  {
    name: 'Send a message through the contact form',
    kind: 'iframes',
    slice: true,
    description:
      'Type "Ada" into the Your name field. Type "ada@example.com" into the Email address field. Select "Shipping" from the Topic list. Type "Where is my lamp?" into the Message field. Click "Send message". Verify the page shows "Thanks, Ada! We will reply about shipping to ada@example.com."',
    expect: 'passed',
  },
  {
    name: 'The contact form needs a message',
    kind: 'iframes',
    description:
      'Fill in Your name with "Grace". Fill in Email address with "grace@example.com". Click the Send message button. I should see "Write a message". Verify the page shows "Choose a topic".',
    expect: 'passed',
  },
  {
    name: 'Search the help and then write',
    kind: 'iframes',
    description:
      'Type "lamp" into the Search help field. Click Search. Verify the page shows "No articles match". Enter "Ada" in the Your name field. Verify the Your name field has the value "Ada".',
    expect: 'passed',
  },
  {
    name: 'Pick a topic in the frame',
    kind: 'iframes',
    description:
      'Choose "Returns" from the Topic list. Verify the Topic field has the value "Returns". Type "The lamp arrived broken" into the Message field. Verify the Message field has the value "The lamp arrived broken".',
    expect: 'passed',
  },
  {
    name: 'The help page',
    kind: 'checks',
    description:
      'Verify the title contains "Help center". Verify the page shows "Frequently asked questions". The URL should contain "/help/".',
    expect: 'passed',
  },
  {
    name: 'Trap: an attach file button in the frame',
    kind: 'trap',
    description: 'Click the Attach file button.',
    expect: 'failed',
  },
  {
    name: 'Trap: a subject field in the iframe',
    kind: 'trap',
    slice: true,
    description: 'Type "Lamp" into the Subject field.',
    expect: 'failed',
  },
  {
    name: 'Trap: a send feedback button',
    kind: 'trap',
    description: 'Click the Send feedback button.',
    expect: 'failed',
  },
];

// Issue 29: an orders back office built from MUI (fixtures/sites/admin-mui): the widgets' DOM is the
// library's (a Select's listbox in a portal, Menus, Dialogs, Tabs, a Stepper, Accordions, a sortable
// paged Table, Switches, an Autocomplete). The cases were written from screenshots, before reading the DOM.
const MUI_APP: Omit<CorpusCase, 'site'>[] = [
  {
    name: 'MUI: the Shipped tab',
    kind: 'text targets',
    description:
      'Click the Shipped tab. Verify the Shipped tab is selected. Verify the page shows "#1006". Verify the page shows "1–3 of 3".',
    expect: 'passed',
  },
  {
    name: 'MUI: sign out from the account menu',
    kind: 'icons',
    description: 'Open the account menu. Click Sign out. Verify the page shows "You are signed out".',
    expect: 'passed',
  },
  {
    name: 'MUI: create an order',
    kind: 'dialogs',
    description:
      'Click New order. Fill in Customer name with "Marie Curie". Fill in Amount with "49.90". Click Create order. Verify the page shows "Order #1013 created".',
    expect: 'passed',
  },
  {
    name: 'MUI: create a shipped order',
    kind: 'forms',
    slice: true,
    description:
      'Click "New order". Type "Marie Curie" into the Customer name field. Type "20" into the Amount field. Choose "Shipped" in the Status dropdown. Click Create order. Click the Shipped tab. Verify the page shows "Marie Curie".',
    expect: 'passed',
  },
  {
    name: 'MUI: mark an order as shipped from its menu',
    kind: 'relational',
    description:
      'Open the menu for order #1003. Click "Mark as shipped". Verify the page shows "Order #1003 marked as shipped".',
    expect: 'passed',
  },
  {
    name: 'MUI: cancel an order',
    kind: 'dialogs',
    description:
      'Click the more button on the row of order #1004. Choose "Cancel order". In the dialog, click "Cancel order". Verify the page shows "Order #1004 cancelled".',
    expect: 'passed',
  },
  {
    name: 'MUI: change the status of an order',
    kind: 'dialogs',
    description:
      'Open the actions menu of order #1001. Click Edit. Select "Cancelled" from the Status dropdown. Click Save. Verify the page shows "Order #1001 saved".',
    expect: 'passed',
  },
  {
    name: 'MUI: sort by total',
    kind: 'ordinals',
    description:
      'Click the Total column header. Verify the first row shows "$15.20". Click the Total column header again. Verify the first row shows "$310.00".',
    expect: 'passed',
  },
  {
    name: 'MUI: the next page of orders',
    kind: 'icons',
    description: 'Go to the next page. Verify the page shows "6–10 of 12". Verify the page shows "#1006".',
    expect: 'passed',
  },
  {
    name: 'MUI: ten rows per page',
    kind: 'forms',
    description:
      'Set Rows per page to 10. Verify the page shows "1–10 of 12". Verify the page shows "#1010".',
    expect: 'passed',
  },
  {
    name: 'MUI: filter by a customer',
    kind: 'forms',
    description:
      'Pick "Grace Hopper" in the Filter by customer box. Verify the page shows "1–3 of 3". Verify the page shows "#1012".',
    expect: 'passed',
  },
  {
    name: 'MUI: import orders step by step',
    kind: 'verbs',
    description:
      'Click Import in the left navigation. Type "https://example.com/orders.csv" into the File URL field. Click Next. Turn off "First line is a header". Click Next. Verify the page shows "keeping the first line". Click Finish. Verify the page shows "Import finished: 24 orders added."',
    expect: 'passed',
  },
  {
    name: 'MUI: notification settings',
    kind: 'forms',
    description:
      'Go to Settings. Turn on "Text me when an order ships". Select "Euro (EUR)" from the Currency dropdown. Verify the Currency dropdown shows "Euro (EUR)". Click Save settings. Verify the page shows "Settings saved".',
    expect: 'passed',
  },
  {
    name: 'MUI: a help answer',
    kind: 'text targets',
    description:
      'Open the Help page. Expand "How long does shipping take?". Verify the page shows "Orders ship within 2 working days".',
    expect: 'passed',
  },
  {
    name: 'MUI: cancel an order in its dialog',
    kind: 'dialogs',
    description:
      'Open the menu for order #1004. Choose "Cancel order". Click "Cancel order" in the dialog. Verify the page shows "Order #1004 cancelled".',
    expect: 'passed',
  },
  {
    name: 'Trap: a link in a footer the MUI app does not have',
    kind: 'trap',
    description: 'Click Orders in the footer.',
    expect: 'failed',
  },
  {
    name: 'Trap: an export button on the MUI app',
    kind: 'trap',
    description: 'Click the Export CSV button.',
    expect: 'failed',
  },
  {
    name: 'MUI: a check that does not hold',
    description: 'Click the Delivered tab. Verify the page shows "Grace Hopper".',
    expect: 'failed',
    message: ['Expected text "Grace Hopper" to be visible'],
  },
];

// Issue 29: a people (HR) back office built from Ant Design (fixtures/sites/admin-antd): a Select's
// listbox in a portal, Dropdown menus, Modals with Forms and validation, Tabs, a Table with sorters and
// pagination, DatePickers, a Slider, Switches, Steps, a Tree and a Collapse. The cases were written
// from screenshots, before reading the DOM.
const ANTD_APP: Omit<CorpusCase, 'site'>[] = [
  {
    name: 'Antd: the On leave tab',
    kind: 'text targets',
    description:
      'Click the On leave tab. Verify the page shows "Alan Turing". Verify the page shows "1-3 of 3 people".',
    expect: 'passed',
  },
  {
    name: 'Antd: filter by a department',
    kind: 'forms',
    description:
      'Pick "Design" in the All departments dropdown. Verify the page shows "1-3 of 3 people". Verify the page shows "Paul Rand".',
    expect: 'passed',
  },
  {
    name: 'Antd: search for a person',
    kind: 'keys',
    description:
      'Type "Hopper" into Search people and press Enter. Verify the page shows "Grace Hopper". Verify the page shows "1-1 of 1 people".',
    expect: 'passed',
  },
  {
    name: 'Antd: sort by salary',
    kind: 'ordinals',
    description:
      'Click the Salary column header. Verify the first row shows "$76,000". Click the Salary column header again. Verify the first row shows "$165,000".',
    expect: 'passed',
  },
  {
    name: 'Antd: the next page of people',
    kind: 'icons',
    description:
      'Go to the next page. Verify the page shows "6-10 of 14 people". Verify the page shows "Zig Ziglar".',
    expect: 'passed',
  },
  {
    name: 'Antd: ten people per page',
    kind: 'forms',
    description:
      'Select "10 / page" from the "5 / page" dropdown. Verify the page shows "1-10 of 14 people". Verify the page shows "Frances Perkins".',
    expect: 'passed',
  },
  {
    name: 'Antd: add a person',
    kind: 'dialogs',
    description:
      'Click Add person. Fill in Full name with "Hedy Lamarr". Type "hedy@northwind.test" into Work email. Choose Engineering in the Department dropdown. Set the Start date to 2026-12-14. Click Add. Verify the page shows "Hedy Lamarr joined Engineering".',
    expect: 'passed',
  },
  {
    name: 'Antd: the add form needs a name and a department',
    kind: 'forms',
    description:
      'Click "Add person". Click the Add button in the dialog. Verify the page shows "Please enter a name". Verify the page shows "Please choose a department".',
    expect: 'passed',
  },
  {
    name: 'Antd: a malformed work email',
    kind: 'forms',
    description:
      'Click Add person. Type "Hedy" into Full name. Type "not-an-email" into Work email. Click Add. Verify the page shows "This is not a valid email".',
    expect: 'passed',
  },
  {
    name: 'Antd: put a person on leave from the row menu',
    kind: 'relational',
    description:
      'Open the actions menu for Grace Hopper. Click "Put on leave". Verify the page shows "Grace Hopper is now on leave".',
    expect: 'passed',
  },
  {
    name: 'Antd: remove a person',
    kind: 'dialogs',
    description:
      'Click the ... button in the row of Susan Kare. Choose Remove. Click Remove in the dialog. Verify the page shows "Susan Kare removed". Verify the page shows "1-5 of 13 people".',
    expect: 'passed',
  },
  {
    name: 'Antd: edit a job title',
    kind: 'dialogs',
    description:
      'Open the menu of Alan Turing. Click Edit. Replace the Job title with "Cryptanalyst". Click Save. Verify the page shows "Alan Turing saved". Verify the page shows "Cryptanalyst".',
    expect: 'passed',
  },
  {
    name: 'Antd: sign out',
    kind: 'text targets',
    description: 'Click Hedy Lamarr. Click Sign out. Verify the page shows "You have signed out".',
    expect: 'passed',
  },
  {
    name: 'Antd: request sick leave',
    kind: 'forms',
    description:
      'Go to Time off. Choose "Sick leave" as the type of leave. Set First day to 2026-12-21. Set Last day to 2026-12-23. Set Hours per day to 4. Click Send request. Verify the page shows "Sick leave from 2026-12-21 to 2026-12-23, 4 hours a day".',
    expect: 'passed',
  },
  {
    name: 'Antd: a request needs its first day',
    kind: 'forms',
    description: 'Open Time off. Click Send request. Verify the page shows "Pick the first day".',
    expect: 'passed',
  },
  {
    name: 'Antd: settings',
    kind: 'forms',
    description:
      'Open Settings. Turn on Announce birthdays. Select Sunday in "Week starts on". Verify the Announce birthdays switch is on. Click Save settings. Verify the page shows "Settings saved".',
    expect: 'passed',
  },
  {
    name: 'Antd: onboarding step by step',
    kind: 'verbs',
    description:
      'Go to Onboarding. Type "new@northwind.test" into "New hire\'s email". Click Next. Turn off "Order a laptop". Click Next. Verify the page shows "Account for new@northwind.test; no laptop." Click Done. Verify the page shows "Onboarding finished".',
    expect: 'passed',
  },
  {
    name: 'Antd: a team in the tree',
    kind: 'text targets',
    description:
      'Open Teams. Expand Engineering. Click Platform. Verify the page shows "Platform is led by Margaret Hamilton".',
    expect: 'passed',
  },
  {
    name: 'Antd: a help answer',
    kind: 'icons',
    description:
      'Click the help icon. Expand "When is payroll run?". Verify the page shows "Payroll runs on the 25th of every month".',
    expect: 'passed',
  },
  {
    name: 'Trap: an export button on the Ant Design app',
    kind: 'trap',
    description: 'Click the Export to Excel button.',
    expect: 'failed',
  },
  {
    name: 'Trap: a Payroll page the Ant Design app does not have',
    kind: 'trap',
    description: 'Go to Payroll in the left menu.',
    expect: 'failed',
  },
  {
    name: 'Trap: a team the tree does not have',
    kind: 'trap',
    description: 'Open Teams. Expand Finance.',
    expect: 'failed',
  },
  {
    name: 'Trap: a switch named almost the same',
    kind: 'trap',
    description: 'Open Settings. Turn on "Announce work anniversaries".',
    expect: 'failed',
  },
  {
    name: 'Antd: a check that does not hold',
    description: 'Click the On leave tab. Verify the page shows "Grace Hopper".',
    expect: 'failed',
    message: ['Expected text "Grace Hopper" to be visible'],
  },
  {
    name: 'Antd: a toast that never came',
    description: 'Click the Everyone tab. Verify the page shows "Hedy Lamarr joined Engineering".',
    expect: 'failed',
  },
];

// Issue 29: a clinic's booking back office built from Mantine (fixtures/sites/admin-mantine): Selects
// whose listbox opens in a portal, row Menus, Modals, Tabs, a Table sorted by its headers with a
// Pagination, a DatePickerInput's calendar, a SegmentedControl, a Stepper, Switches, a Slider, an
// Accordion and a bell Popover. The cases were written from screenshots, before reading the DOM.
const MANTINE_APP: Omit<CorpusCase, 'site'>[] = [
  {
    name: 'Mantine: the Completed tab',
    kind: 'text targets',
    description:
      'Open the Completed tab. Verify the page shows "Jonas Berg". Verify the page shows "Showing 1–2 of 2".',
    expect: 'passed',
  },
  {
    name: 'Mantine: filter by a doctor',
    kind: 'forms',
    description:
      'Choose Dr. Chloe Martin in the All doctors dropdown. Verify the page shows "Showing 1–3 of 3". Verify the page shows "Amara Obi".',
    expect: 'passed',
  },
  {
    name: 'Mantine: search for a patient',
    kind: 'keys',
    description:
      'Type "Tanaka" in the Search patients box. Verify the page shows "Kenji Tanaka". Verify the page shows "Showing 1–1 of 1".',
    expect: 'passed',
  },
  {
    name: 'Mantine: sort by fee',
    kind: 'ordinals',
    description:
      'Click the Fee column header. Verify the first row shows "€25.00". Click Fee again. Verify the first row shows "€60.00".',
    expect: 'passed',
  },
  {
    name: 'Mantine: the next page of appointments',
    kind: 'icons',
    description:
      'Go to the next page. Verify the page shows "Showing 6–9 of 9". Verify the page shows "Fatima Zahra".',
    expect: 'passed',
  },
  {
    name: 'Mantine: cancel an appointment',
    kind: 'dialogs',
    description:
      'Open the actions menu in the row of Sofia Rossi. Choose Cancel appointment. In the dialog, click Cancel appointment. Verify the page shows "Appointment for Sofia Rossi cancelled". Click the Cancelled tab. Verify the page shows "Sofia Rossi".',
    expect: 'passed',
  },
  {
    name: 'Mantine: mark a visit as completed',
    kind: 'relational',
    description:
      'Click the three dots next to Lucas Meyer. Click "Mark as completed". Verify the page shows "Lucas Meyer\'s visit marked as completed".',
    expect: 'passed',
  },
  {
    name: 'Mantine: reschedule in the calendar',
    kind: 'dialogs',
    description:
      'Open the menu for Priya Nair and pick Reschedule. Set New date to 2026-12-10. Click Save new date. Verify the page shows "Priya Nair\'s appointment moved to 2026-12-10".',
    expect: 'passed',
  },
  {
    name: 'Mantine: book an appointment step by step',
    kind: 'forms',
    slice: true,
    description:
      'Click New appointment. Enter "Jane Doe" as the Patient name. Select Check-up for Reason for visit. Click Next step. Choose Dr. Ben Okafor as the doctor. Set the Date to 2026-12-10. Click 11:30. Click Next step. Click Book appointment. Verify the page shows "Appointment booked". Verify the page shows "Check-up with Dr. Ben Okafor on 2026-12-10 at 11:30 for Jane Doe".',
    expect: 'passed',
  },
  {
    name: 'Mantine: a booking needs a patient and a reason',
    kind: 'forms',
    description:
      'Go to New booking. Click Next step without filling anything in. Verify the page shows "Enter the patient\'s name". Verify the page shows "Choose a reason for the visit".',
    expect: 'passed',
  },
  {
    name: 'Mantine: back to the first step keeps the name',
    kind: 'verbs',
    description:
      'Open New booking. Fill in Patient name with "Tom Hardy". Pick Blood test as the reason for visit. Click Next step. Click Back. Verify the Patient name field contains "Tom Hardy".',
    expect: 'passed',
  },
  {
    name: 'Mantine: reminder settings',
    kind: 'forms',
    description:
      'Open Settings. Turn on Email reminders. Turn off SMS reminders. Select 45 minutes as the default visit length. Click Save settings. Verify the page shows "Settings saved: SMS off, email on, 24 hours before, visits of 45 minutes".',
    expect: 'passed',
  },
  {
    name: 'Mantine: remind two days before',
    kind: 'forms',
    description:
      'Go to Settings. Set "Remind patients this many hours before" to 48. Click Save settings. Verify the page shows "48 hours before".',
    expect: 'passed',
  },
  {
    name: 'Mantine: a help answer',
    kind: 'text targets',
    description:
      'Go to Help. Expand "Can patients cancel online?". Verify the page shows "up to 24 hours before the visit".',
    expect: 'passed',
  },
  {
    name: 'Mantine: the bell',
    kind: 'icons',
    description: 'Click the bell icon. Verify the page shows "Lab results for Omar Haddad are ready".',
    expect: 'passed',
  },
  {
    name: 'Mantine: sign out',
    kind: 'text targets',
    description:
      'Click Maria Santos in the top right corner. Click Sign out. Verify the page shows "You have signed out".',
    expect: 'passed',
  },
  {
    name: 'Trap: an export button on the Mantine app',
    kind: 'trap',
    description: 'Click the Export to CSV button.',
    expect: 'failed',
  },
  {
    name: 'Trap: an Invoices page the Mantine app does not have',
    kind: 'trap',
    description: 'Go to Invoices in the left navigation.',
    expect: 'failed',
  },
  {
    name: 'Trap: a reminder switch named almost the same',
    kind: 'trap',
    description: 'Open Settings. Turn on "WhatsApp reminders".',
    expect: 'failed',
  },
  {
    name: 'Trap: a doctor the dropdown does not offer',
    kind: 'trap',
    slice: true,
    description: 'Pick "Dr. Gregory House" in the All doctors dropdown.',
    expect: 'failed',
  },
  {
    name: 'Mantine: a check that does not hold',
    description: 'Click the Cancelled tab. Verify the page shows "Omar Haddad".',
    expect: 'failed',
    message: ['Expected text "Omar Haddad" to be visible'],
  },
];

/** Every case on both renderings of an app: plain DOM (`site`) and web components (`site-wc`). */
function bothRenderings(cases: Omit<CorpusCase, 'site'>[], dom: CorpusCase['site'], wc: CorpusCase['site']) {
  return ([dom, wc] as const).flatMap((site) =>
    cases.map((item) => ({
      ...item,
      site,
      name: `${item.name} (${site === dom ? 'DOM' : 'web components'})`,
      slice: item.slice && site === wc,
    })),
  );
}

export const AGENTS_CORPUS: CorpusCase[] = [
  ...bothRenderings(LIST_APP, 'tasks', 'tasks-wc'),
  ...bothRenderings(ORDERS_APP, 'orders', 'orders-wc'),
  ...bothRenderings(BOOKING_APP, 'booking', 'booking-wc'),
  ...bothRenderings(PROJECTS_APP, 'projects', 'projects-wc'),
  ...HELP_APP.map((item) => ({ ...item, site: 'help' as const })),
  ...MUI_APP.map((item) => ({ ...item, site: 'admin-mui' as const })),
  ...ANTD_APP.map((item) => ({ ...item, site: 'admin-antd' as const })),
  ...MANTINE_APP.map((item) => ({ ...item, site: 'admin-mantine' as const })),
  {
    name: 'Two fields in one sentence',
    site: 'login',
    kind: 'two actions',
    slice: true,
    description:
      'Enter "ada@example.com" in the Email field and {{password}} in the Password field. Click Sign in. Verify the page shows "Welcome, Ada Lovelace".',
    expect: 'passed',
  },
  // A place given for a check is checked (issue 29): the words shown elsewhere on the page only must fail.
  {
    name: 'A message under its field (place)',
    site: 'login',
    kind: 'checks',
    description:
      'Type "ada@example.com" into the Email field. Click Sign in. Verify "Enter your password" appears under the Password field.',
    expect: 'passed',
  },
  {
    name: 'Trap: a message under the other field (place)',
    site: 'login',
    kind: 'trap',
    description:
      'Type "ada@example.com" into the Email field. Click Sign in. Verify "Enter your password" appears under the Email field.',
    expect: 'failed',
  },
  {
    name: "A status in an order's row (place)",
    site: 'orders',
    kind: 'checks',
    description:
      'Verify "Shipped" is shown in the row of "Ada Lovelace". Ada Lovelace\'s row should say "$120.00".',
    expect: 'passed',
  },
  {
    name: "Trap: a status shown in other orders' rows only (place)",
    site: 'orders',
    kind: 'trap',
    description: 'Verify "Pending" is shown in the row of "Ada Lovelace".',
    expect: 'failed',
  },
  {
    name: "Trap: a row that says another order's total (place)",
    site: 'orders',
    kind: 'trap',
    description: 'The row of "Ada Lovelace" should say "$45.50".',
    expect: 'failed',
  },
  {
    name: 'Trap: a phone field',
    site: 'login',
    kind: 'trap',
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
