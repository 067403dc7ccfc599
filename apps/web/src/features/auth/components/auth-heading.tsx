import type { ReactNode } from 'react';

/** Title and one line of help above an auth form (plain elements: the sign-in bundle stays small). */
export function AuthHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header style={{ marginBottom: 24 }}>
      <h2 style={{ margin: '0 0 8px', fontSize: 30, fontWeight: 600, lineHeight: 1.3, color: 'rgba(0,0,0,0.88)' }}>{title}</h2>
      <p style={{ margin: 0, color: 'rgba(0,0,0,0.65)', lineHeight: 1.6 }}>{children}</p>
    </header>
  );
}
