/** The home page's stylised development board: decoration only. */
export function HeroIllustration() {
  return (
    <svg viewBox="0 0 400 300" aria-hidden="true" className="mx-auto hidden w-full max-w-md lg:block">
      <rect x="30" y="30" width="340" height="240" rx="18" fill="#0f172a" opacity="0.35" />
      <rect x="20" y="20" width="340" height="240" rx="18" fill="#1e3a8a" stroke="#93c5fd" strokeWidth="3" />
      {[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => (
        <circle key={`t${i}`} cx={60 + i * 24} cy="44" r="5" fill="#fbbf24" />
      ))}
      {[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => (
        <circle key={`b${i}`} cx={60 + i * 24} cy="236" r="5" fill="#fbbf24" />
      ))}
      <rect x="140" y="100" width="100" height="80" rx="6" fill="#0f172a" />
      {[0, 1, 2, 3, 4].map((i) => (
        <g key={`p${i}`} stroke="#cbd5e1" strokeWidth="4">
          <line x1={152 + i * 19} y1="92" x2={152 + i * 19} y2="100" />
          <line x1={152 + i * 19} y1="180" x2={152 + i * 19} y2="188" />
        </g>
      ))}
      <path d="M60 44v40h80M300 44v40h-60M60 236v-40h80M300 236v-40h-60" fill="none" stroke="#93c5fd" strokeWidth="3" />
      <path d="M196 112 176 146h16l-4 22 24-36h-16l4-20Z" fill="#fbbf24" />
      <rect x="280" y="120" width="50" height="40" rx="4" fill="#e2e8f0" />
      <circle cx="70" cy="140" r="14" fill="#f87171" />
      <circle cx="70" cy="140" r="6" fill="#fee2e2" />
    </svg>
  );
}
