/** Decorative illustration for the Web Summit slide: Lisbon's skyline and a conference badge. */
export function EventIllustration() {
  return (
    <svg viewBox="0 0 400 300" aria-hidden="true" focusable="false" className="h-auto w-full max-w-md">
      <rect x="0" y="0" width="400" height="300" rx="24" fill="var(--color-primary-900)" />
      <circle cx="310" cy="80" r="38" fill="var(--color-accent-200)" />
      <path d="M0 220 Q100 190 200 215 T400 205 V300 H0 Z" fill="var(--color-primary-800)" />
      <path d="M0 250 Q120 225 230 248 T400 240 V300 H0 Z" fill="var(--color-primary-700)" />
      {/* Bridge */}
      <path d="M30 205 H370" stroke="var(--color-accent-200)" strokeWidth="4" />
      <path d="M110 205 V120 M290 205 V120" stroke="var(--color-accent-200)" strokeWidth="6" />
      <path
        d="M30 205 Q110 110 200 205 Q290 110 370 205"
        fill="none"
        stroke="var(--color-accent-200)"
        strokeWidth="2.5"
      />
      {/* Badge */}
      <g transform="translate(150 40)">
        <rect width="110" height="140" rx="12" fill="#fff" />
        <rect x="40" y="10" width="30" height="6" rx="3" fill="var(--color-line)" />
        <circle cx="55" cy="55" r="20" fill="var(--color-primary-50)" />
        <path
          d="M45 62c0-8 4.5-13 10-13s10 5 10 13"
          fill="none"
          stroke="var(--color-primary-700)"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <circle cx="55" cy="46" r="5" fill="var(--color-primary-700)" />
        <rect x="20" y="88" width="70" height="8" rx="4" fill="var(--color-primary-700)" />
        <rect x="30" y="104" width="50" height="6" rx="3" fill="var(--color-line)" />
        <rect x="20" y="120" width="70" height="10" rx="5" fill="var(--color-accent-600)" />
      </g>
    </svg>
  );
}
