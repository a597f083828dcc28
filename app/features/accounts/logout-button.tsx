import { lazy, Suspense, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { FETCH_MODE, type FormAnswer } from "~/lib/form-answer.ts";

const LogoutDialogs = lazy(() => import("./logout-dialogs.tsx"));

// Without JavaScript the form posts and the server redirects; the dialogs are fetched at the first tap.
export function LogoutButton({
  redirectTo,
  className = "btn-secondary",
  children = "Keluar",
  onSignedOut,
}: {
  redirectTo: "/" | "/masuk";
  className?: string;
  children?: React.ReactNode;
  onSignedOut?: () => void;
}) {
  const fetcher = useFetcher<FormAnswer>();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const leavingAdmin = redirectTo === "/masuk";
  const done = fetcher.state === "idle" && fetcher.data?.status === "success";

  return (
    <fetcher.Form
      method="post"
      action="/keluar"
      onSubmit={(event) => {
        event.preventDefault();
        setAsking(true);
      }}
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className={className}>
        {children}
      </button>
      {asking || done ? (
        <Suspense fallback={null}>
          <LogoutDialogs
            asking={asking}
            pending={fetcher.state !== "idle"}
            done={done}
            onCancel={() => setAsking(false)}
            onConfirm={() =>
              fetcher.submit(
                { [FETCH_MODE.name]: FETCH_MODE.value, redirectTo },
                // Leaving the admin area: no revalidation, its pages would answer 401; the dialog stays up.
                {
                  method: "post",
                  action: "/keluar",
                  defaultShouldRevalidate: leavingAdmin ? false : undefined,
                },
              )
            }
            onDone={() => {
              try {
                window.localStorage.removeItem("data-login");
              } catch {
                // storage unavailable: nothing to clear
              }
              onSignedOut?.();
              if (leavingAdmin) window.location.replace(redirectTo);
              else void navigate(redirectTo, { replace: true });
            }}
          />
        </Suspense>
      ) : null}
    </fetcher.Form>
  );
}
