const ID = 'qlcv-update-prompt';

/**
 * "Đã có bản cập nhật — Tải lại" at the bottom of the screen, in plain DOM: it may appear on any page, the sign-in page
 * too, which never loads Ant Design. Shown once; "Tải lại" calls `onReload`, "Để sau" hides it until the next visit.
 */
export function showUpdatePrompt(onReload: () => void): void {
  if (document.getElementById(ID)) return;
  const box = document.createElement('div');
  box.id = ID;
  box.setAttribute('role', 'status');
  box.setAttribute('aria-live', 'polite');
  Object.assign(box.style, {
    position: 'fixed',
    // Centred by auto margins: `left: 50%` with a shift would halve the width it may take on a phone.
    left: '0',
    right: '0',
    marginInline: 'auto',
    width: 'max-content',
    bottom: 'calc(16px + env(safe-area-inset-bottom, 0px))',
    zIndex: '2100',
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    boxSizing: 'border-box',
    maxWidth: 'calc(100vw - 24px)',
    padding: '8px 8px 8px 16px',
    borderRadius: '8px',
    background: '#053f3d',
    color: '#fff',
    fontSize: '14px',
    lineHeight: '1.4',
    boxShadow: '0 6px 16px rgba(0, 0, 0, 0.24)',
  } satisfies Partial<CSSStyleDeclaration>);

  const text = document.createElement('span');
  text.textContent = 'Đã có bản cập nhật';
  text.style.flex = '1 1 auto';
  const button = (label: string, primary: boolean) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    Object.assign(b.style, {
      flex: 'none',
      minHeight: '36px',
      padding: '0 14px',
      border: primary ? '0' : '1px solid rgba(255, 255, 255, 0.6)',
      borderRadius: '6px',
      background: primary ? '#fff' : 'transparent',
      color: primary ? '#0b7a75' : '#fff',
      font: 'inherit',
      fontWeight: primary ? '600' : '400',
      cursor: 'pointer',
    } satisfies Partial<CSSStyleDeclaration>);
    return b;
  };
  const reload = button('Tải lại', true);
  const later = button('Để sau', false);
  reload.addEventListener('click', () => {
    reload.disabled = true;
    later.disabled = true;
    reload.textContent = 'Đang tải lại…';
    onReload();
  });
  later.addEventListener('click', () => box.remove());
  box.append(text, reload, later);
  document.body.append(box);
}
