import { ArrowRightIcon } from "~/components/ui/icons";
import { categoryTitle } from "~/models/catalogue/categories";
import type { Tutorial } from "~/models/content/tutorials";

/**
 * The whole card is one button (a stretched pseudo-element); its name says what it opens, and
 * the heading stays a heading. The button submits the one notice form around the tutorials'
 * list (`feature="tutorial"`, ADR 013).
 */
export function TutorialCard({ title, description, category, readMinutes }: Tutorial) {
  return (
    <article className="group relative flex w-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 motion-reduce:transition-none">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-700">
          {categoryTitle(category)}
        </span>
        {/* Dropped by the flex layout; text browsers need it: "Robotics 25 min read". */}{" "}
        <span className="text-slate-600">{readMinutes} min read</span>
      </div>
      <h3 className="mt-4 text-lg font-semibold text-slate-900 group-hover:text-brand-700">{title}</h3>
      <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{description}</p>
      <button
        type="submit"
        aria-label={`Read tutorial: ${title}`}
        className="mt-5 inline-flex min-h-11 items-center gap-1 self-start font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none"
      >
        Read tutorial
        <ArrowRightIcon className="h-4 w-4" />
      </button>
    </article>
  );
}
