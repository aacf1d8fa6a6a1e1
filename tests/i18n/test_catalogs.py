"""The catalogs are complete, reviewed, consistent with the English and compiled: a
missing, fuzzy or untranslated message, a placeholder that differs from the English, or a
.mo behind its .po fails here, before a member would read it."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural

from cogs.wording.i18n import LANGUAGES
from tests.i18n.catalogs import (
    LANGUAGES_TRANSLATED,
    TEMPLATE,
    catalog,
    forms,
    kept_terms,
    mo_path,
    placeholders,
    po_path,
    read,
    template,
    translations,
    words_left,
)

ROOT = TEMPLATE.parents[1]
MTIME_SLACK = 2.0  # seconds: a fresh clone writes .mo and .po in the same moment, in any order


def _keys(found) -> set[tuple[str | None, str]]:
    return {(m.context, forms(m)[0]) for m in found if m.id}


def test_the_template_is_what_the_code_marks(tmp_path):
    """locales/messages.pot holds exactly the texts cogs/ marks: run scripts/i18n extract
    (then update and compile) after changing a text."""
    fresh = tmp_path / "messages.pot"
    subprocess.run(
        [
            str(ROOT / ".venv" / "bin" / "pybabel"),
            "--quiet",
            "extract",
            "-F",
            "babel.cfg",
            "-o",
            str(fresh),
            "-k",
            "lazy_gettext",
            "-k",
            "slash:1c,2",
            "-k",
            "slash_text",
            "cogs",
        ],
        cwd=ROOT,
        check=True,
    )
    assert _keys(read(fresh)) == _keys(template())


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_catalog_holds_every_message_of_the_template(language):
    assert _keys(catalog(language)) == _keys(template())


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_catalog_holds_a_fuzzy_or_obsolete_entry(language):
    found = catalog(language)
    fuzzy = [forms(m)[0] for m in found if m.id and m.fuzzy]
    assert not fuzzy, f"{language}: review these, then drop their fuzzy flag: {fuzzy[:5]}"
    assert not found.obsolete


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_forms_are_the_languages_own(language):
    """pybabel init can write a two-form header; Vietnamese and Indonesian have one form."""
    expected = get_plural(language)
    assert catalog(language).plural_forms == expected.plural_forms


@pytest.mark.parametrize("language", ["en", *LANGUAGES_TRANSLATED])
def test_every_message_is_translated(language):
    missing = [forms(m)[0] for m in catalog(language) if m.id and not all(translations(m))]
    assert not missing, f"{language}: {len(missing)} untranslated, e.g. {missing[:5]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_match_the_english(language):
    """Each translated form names exactly the placeholders of the English it translates."""
    wrong = []
    for message in catalog(language):
        if not message.id:
            continue
        english = set().union(*(placeholders(text) for text in forms(message)))
        for text in translations(message):
            if text and placeholders(text) != english:
                wrong.append((forms(message)[0], text))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("language", LANGUAGES_TRANSLATED)
def test_no_translation_is_a_copy_of_the_english(language):
    """A translation equal to its English is a forgotten one, unless only kept terms
    (names, numbers, "SEQUENCE", "Flip 7") make it up."""
    kept = kept_terms()
    copies = [
        forms(m)[0]
        for m in catalog(language)
        if m.id
        and not m.context  # command names: a name may stay ("flip7")
        and any(t == e for t, e in zip(translations(m), forms(m), strict=False))
        and words_left(forms(m)[0], kept)
    ]
    assert not copies, f"{language}: {copies[:5]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_compiled_catalog_is_its_po_compiled(language):
    """The .mo the bot reads is a fresh compile of the .po: run scripts/i18n compile."""
    po, mo = po_path(language), mo_path(language)
    assert mo.stat().st_mtime >= po.stat().st_mtime - MTIME_SLACK, f"{mo} is older than {po}"
    fresh = io.BytesIO()
    write_mo(fresh, catalog(language))
    assert mo.read_bytes() == fresh.getvalue(), f"{mo} differs from a fresh compile of {po}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_gnu_msgfmt_checks_each_catalog(language):
    """msgfmt --check also catches a format string that doesn't match its English."""
    msgfmt = shutil.which("msgfmt")
    assert msgfmt is not None, "install gettext (.ci/run does)"
    done = subprocess.run(
        [msgfmt, "--check", "-o", "/dev/null", str(po_path(language))],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
