import { findModule, moduleCall, moduleCallName } from './moduleCall';
import { parseSentence } from './parse';

describe('moduleCallName', () => {
  it.each([
    ['Use the "Sign in as admin" module', 'Sign in as admin'],
    ['use the "sign in as admin" module.', 'sign in as admin'],
    ['Use "Sign in" module', 'Sign in'],
    ['Use the Sign in as admin module', 'Sign in as admin'],
    ['Use the “Checkout” module!', 'Checkout'],
    ["Use the 'Log in' module", 'Log in'],
  ])('reads %j as a call of %j', (text, name) => {
    expect(moduleCallName(text)).toBe(name);
  });

  it.each([
    'Click the "Sign in" button',
    'Use the search field to find "module"',
    'Verify the page shows "module"',
    'Use the module',
  ])('does not read %j as a module call', (text) => {
    expect(moduleCallName(text)).toBeNull();
  });
});

describe('findModule', () => {
  const modules = [
    { id: '1', name: 'Sign in as admin' },
    { id: '2', name: 'Open cart' },
  ];

  it('finds a module whatever the case of its name', () => {
    expect(findModule(modules, 'sign IN as admin')).toEqual({ ok: true, module: modules[0] });
  });

  it('names the modules there are when none has that name', () => {
    expect(findModule(modules, 'Sign out')).toEqual({
      ok: false,
      message:
        'There is no module named "Sign out" in this project. Its modules are: "Sign in as admin", "Open cart".',
    });
    expect(findModule([], 'Sign out')).toEqual({
      ok: false,
      message: 'There is no module named "Sign out": this project has no modules yet.',
    });
  });
});

describe('module calls with what they are given', () => {
  it.each([
    ['Sign in with the "Account" module as a reviewer', { name: 'Account', argument: 'a reviewer' }],
    [
      'Run the seed orders module for the Berlin store',
      { name: 'seed orders', argument: 'the Berlin store' },
    ],
    ['Call the “Basket” module, with 3 mugs', { name: 'Basket', argument: '3 mugs' }],
    ["Execute module 'Cleanup' using 'last week'", { name: 'Cleanup', argument: 'last week' }],
    ['Run the Reset module', { name: 'Reset' }],
  ])('reads %j as %j', (text, call) => {
    expect(moduleCall(text)).toEqual(call);
  });

  it('finds the module named for the value, and refuses one that would run without it', () => {
    const modules = [
      { id: '1', name: 'Account' },
      { id: '2', name: 'Account as editor' },
    ];
    expect(findModule(modules, 'account', 'editor')).toEqual({ ok: true, module: modules[1] });
    const refused = findModule(modules, 'Account', 'a reviewer');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toContain('"a reviewer" cannot be given');
  });

  it('is read as a use of the module with its value', () => {
    expect(parseSentence('Sign in with the Account module as a reviewer, then open Drafts')).toEqual({
      sentence: 'Sign in with the Account module as a reviewer, then open Drafts',
      steps: [
        { action: 'use_module', target: 'Account', value: 'a reviewer' },
        { action: 'click', target: 'Drafts' },
      ],
    });
  });
});
