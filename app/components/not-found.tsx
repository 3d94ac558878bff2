import { ArrowLeftIcon, HomeIcon } from "lucide-react";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/section";

/**
 * The 404 page. 'Go Back' is browser history back; without
 * JavaScript it is a link to the page the visitor came from on this site (or
 * home when there is none).
 */
export function NotFoundPage({ backHref = "/" }: { backHref?: string }) {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);

  return (
    <Container
      data-slot="not-found"
      className="flex min-h-[60vh] flex-col items-center justify-center py-20 text-center"
    >
      <p className="text-5xl font-semibold text-accent-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-2 text-3xl sm:text-4xl">
        <span className="sr-only">404 </span>Page Not Found
      </h1>
      <p className="mt-4 max-w-xl text-lg text-muted">
        Oops! The page you're looking for doesn't exist. It may have been moved or deleted.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">
          <HomeIcon aria-hidden="true" />
          Return Home
        </ButtonLink>
        <ButtonLink
          to={backHref}
          variant="outline"
          data-slot="go-back"
          reloadDocument
          onClick={(event) => {
            if (window.history.length > 1) {
              event.preventDefault();
              void navigate(-1);
            }
          }}
        >
          <ArrowLeftIcon aria-hidden="true" />
          Go Back
        </ButtonLink>
      </div>
    </Container>
  );
}
