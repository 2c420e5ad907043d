import { findModule, moduleCallName } from './moduleCall';

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
