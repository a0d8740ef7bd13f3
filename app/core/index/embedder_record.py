"""Which embedder built an index, as its manifest records it, and the check that the
embedder asknotes is set to use is that one: vectors of two models never share an index."""

from __future__ import annotations

from app.core.index.manifest import Manifest
from app.core.index.shared import ChromaServerStore
from app.core.models.embedder import EmbedderIdentity
from app.errors import EmbedderMismatchError


def identity_from(meta: dict[str, str]) -> EmbedderIdentity | None:
    name = meta.get("embedder_name")
    if name is None:
        return None
    return EmbedderIdentity(
        name, int(meta.get("embedder_dimension") or 0), meta.get("embedder_fingerprint") or ""
    )


def describe(identity: EmbedderIdentity) -> str:
    return f"{identity.name} ({identity.dimension}-d, fingerprint {identity.fingerprint})"


def check_embedder(
    identity: EmbedderIdentity,
    manifest: Manifest,
    shared: ChromaServerStore | None,
    mirror: bool,
) -> None:
    """Record `identity` in a manifest that has none; raise when the manifest, or the
    shared collection a writer publishes to, was built with another embedder.

    Raises:
        EmbedderMismatchError: the index was built with another embedder.
    """
    if shared is not None and not mirror:
        remote = identity_from(shared.manifest_meta())
        if remote is not None and remote != identity:
            raise EmbedderMismatchError(
                f"the shared {shared.where} was built with {describe(remote)} but "
                f"asknotes is set to use {describe(identity)}; use the same embedder on "
                "every machine, or run `asknotes index --rebuild` to re-embed it"
            )
    stored = identity_from(manifest.all_meta())
    if stored is None:
        manifest.set_meta("embedder_name", identity.name)
        manifest.set_meta("embedder_dimension", str(identity.dimension))
        manifest.set_meta("embedder_fingerprint", identity.fingerprint)
    elif stored != identity and mirror and shared is not None:
        raise EmbedderMismatchError(
            f"the shared {shared.where} was built with {describe(stored)} but this "
            f"machine is set to use {describe(identity)}; set the same embedder here"
        )
    elif stored != identity:
        raise EmbedderMismatchError(
            f"this index was built with {describe(stored)} but asknotes is set to use "
            f"{describe(identity)}; run `asknotes index --rebuild` to re-embed the notes"
        )
