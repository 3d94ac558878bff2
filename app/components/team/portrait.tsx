import type { PortraitTone, TeamImage } from "~/content/team";
import { cn } from "~/components/ui/cn";

/**
 * A team member's portrait. A photo path (starting with "/") shows the photo;
 * a tone key draws a generated monogram portrait (initials on abstract
 * shapes) until the company supplies photos. Both carry the member's name as
 * their accessible name.
 */
const tones: Record<PortraitTone, { bg: string; shape: string; ring: string; dot: string }> = {
  teal: { bg: "#0a4e48", shape: "#0d7a70", ring: "#a9e2d9", dot: "#ffc1ad" },
  coral: { bg: "#a33422", shape: "#c2412b", ring: "#ffe2d8", dot: "#a9e2d9" },
  plum: { bg: "#4a2545", shape: "#6b3764", ring: "#f0d5ea", dot: "#ffc1ad" },
  sand: { bg: "#7a4310", shape: "#9a5a1c", ring: "#fbe3c6", dot: "#a9e2d9" },
};

/** "Dr Kwame Asante" → "KA". */
export function initials(name: string) {
  const words = name.split(/\s+/).filter((w) => !/^(dr|prof|mr|mrs|ms|mx)\.?$/i.test(w));
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return `${first}${last}`.toUpperCase();
}

export function Portrait({
  name,
  image,
  className,
  decorative = false,
}: {
  name: string;
  image: TeamImage;
  className?: string;
  /** Hide from assistive technology when the name is already next to it. */
  decorative?: boolean;
}) {
  if (image.startsWith("/")) {
    return (
      <img
        src={image}
        alt={decorative ? "" : `Portrait of ${name}`}
        width={480}
        height={360}
        loading="lazy"
        decoding="async"
        className={cn("aspect-[4/3] w-full object-cover", className)}
      />
    );
  }
  const tone = tones[image as PortraitTone];
  return (
    <svg
      viewBox="0 0 160 120"
      preserveAspectRatio="xMidYMid slice"
      {...(decorative
        ? { "aria-hidden": true, focusable: false }
        : { role: "img", "aria-label": `Monogram portrait of ${name}` })}
      className={cn("aspect-[4/3] w-full", className)}
    >
      <rect width="160" height="120" fill={tone.bg} />
      <circle cx="132" cy="18" r="46" fill={tone.shape} />
      <circle cx="22" cy="112" r="34" fill={tone.shape} opacity="0.7" />
      <circle cx="80" cy="60" r="34" fill="none" stroke={tone.ring} strokeWidth="1.5" opacity="0.55" />
      <circle cx="80" cy="60" r="42" fill="none" stroke={tone.ring} strokeWidth="0.75" opacity="0.35" />
      <circle cx="112" cy="86" r="4" fill={tone.dot} />
      <text
        x="80"
        y="60"
        dy="0.35em"
        textAnchor="middle"
        fill="#ffffff"
        fontSize="30"
        fontWeight="600"
        letterSpacing="1"
        style={{ fontFamily: "inherit" }}
      >
        {initials(name)}
      </text>
    </svg>
  );
}
