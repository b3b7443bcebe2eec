import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPublicConfig } from '../../../lib/session-api.ts';
import { GoogleSignIn } from './google-sign-in.tsx';

vi.mock('../../../lib/session-api.ts', () => ({ getPublicConfig: vi.fn() }));
const config = vi.mocked(getPublicConfig);
const gsiScripts = () => document.querySelectorAll('script[src="https://accounts.google.com/gsi/client"]');

describe('GoogleSignIn', () => {
  afterEach(() => { cleanup(); gsiScripts().forEach((s) => s.remove()); });

  it('loads nothing from Google when the server has no client id', async () => {
    config.mockResolvedValue({ google_client_id: null, support_email: 's@x.co' });
    render(<GoogleSignIn mode="signin" onCredential={() => undefined} />);
    await waitFor(() => expect(config).toHaveBeenCalled());
    expect(screen.queryByTestId('google-button')).toBeNull();
    expect(gsiScripts()).toHaveLength(0);
  });

  it('loads the Google script and shows the button when a client id is set', async () => {
    config.mockResolvedValue({ google_client_id: 'abc.apps.googleusercontent.com', support_email: 's@x.co' });
    render(<GoogleSignIn mode="signup" onCredential={() => undefined} />);
    expect(await screen.findByTestId('google-button')).toBeTruthy();
    await waitFor(() => expect(gsiScripts()).toHaveLength(1));
  });
});
