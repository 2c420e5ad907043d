import { socketUrl } from './socket';

describe('socketUrl', () => {
  it('puts /ws under the API on the page’s host, with the matching scheme', () => {
    expect(socketUrl('/api', 'http://127.0.0.1:3000/test-cases/details/1')).toBe(
      'ws://127.0.0.1:3000/api/ws',
    );
    expect(socketUrl('/api/', 'https://plainwright.example/x')).toBe('wss://plainwright.example/api/ws');
    expect(socketUrl('https://api.example/v1', 'https://app.example/')).toBe('wss://api.example/v1/ws');
  });
});
