import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * Asks for the page's data again, from an error page that a failed request caused; by itself too when
 * the connection returns. The page shows as soon as the answer comes.
 */
export function TryAgain() {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const again = () => void revalidate();
    window.addEventListener("online", again);
    return () => window.removeEventListener("online", again);
  }, [revalidate]);
  return (
    <Button variant="outline" disabled={state === "loading"} onClick={() => void revalidate()}>
      {state === "loading" ? "Trying again…" : "Try again"}
    </Button>
  );
}
