import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { holdGatewayErrors, keepPageOnFailedNavigation } from "~/browser/failed-navigation";

holdGatewayErrors();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter instrumentations={[keepPageOnFailedNavigation]} />
    </StrictMode>,
  );
});
