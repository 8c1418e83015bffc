#!/usr/bin/env python3
"""Writes the seeds of FuzzSQLiteFile that hold a write-ahead log beside the database.

Each seed is the input format FuzzSQLiteFile reads: the tag b"feedstore-db+log\\n", the
database's length as 4 big-endian bytes, the database, then its log. The databases start from
the store's own one-image-v2.sqlite; the logs are SQLite's, copied while the connection that
wrote them is still open (a connection that closes checkpoints its log into the file and
deletes it), as a killed process leaves them.

Usage: Fuzz/Scripts/make-sqlite-log-seeds.py   (writes into Fuzz/Corpus/FuzzSQLiteFile)
"""

import pathlib
import shutil
import sqlite3
import struct
import tempfile
import uuid

corpus = pathlib.Path(__file__).resolve().parent.parent / "Corpus" / "FuzzSQLiteFile"
base = corpus / "one-image-v2.sqlite"
TAG = b"feedstore-db+log\n"


def seed(database: bytes, log: bytes) -> bytes:
    return TAG + struct.pack(">I", len(database)) + database + log


def insert_images(connection, count, text):
    connection.execute("DELETE FROM feed_image")
    connection.execute("DELETE FROM feed_cache")
    connection.execute("INSERT INTO feed_cache (id, timestamp) VALUES (1, ?)", (2.5,))
    for position in range(count):
        connection.execute(
            "INSERT INTO feed_image (position, id, description, location, url) "
            "VALUES (?, ?, ?, ?, ?)",
            (position, uuid.UUID(int=position + 1).bytes, f"{text} {position}", None,
             f"https://images.example.com/{text}/{position}.jpg"))


def committed_in_log(directory, name, write):
    """The database and its log after `write`, committed but not checkpointed."""
    path = directory / name
    shutil.copy(base, path)
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA wal_autocheckpoint = 0")
    write(connection)
    database, log = path.read_bytes(), pathlib.Path(f"{path}-wal").read_bytes()
    connection.close()
    return database, log


def write_two_commits(connection):
    for text in ("second", "third"):
        connection.execute("BEGIN IMMEDIATE")
        insert_images(connection, 3, text)
        connection.execute("COMMIT")


with tempfile.TemporaryDirectory() as scratch:
    directory = pathlib.Path(scratch)
    database, log = committed_in_log(directory, "two-commits.sqlite", write_two_commits)
    seeds = {
        # Two commits in the log: retrieve must deliver the last.
        "log-two-commits.bin": seed(database, log),
        # The last commit's frames cut in half, as a writer killed mid-commit leaves them.
        "log-torn-last-frame.bin": seed(database, log[: len(log) - 2048]),
    }

    # A log of another application's database beside the store's: SQLite applies it.
    def write_notes(connection):
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("DROP TABLE feed_image")
        connection.execute("CREATE TABLE notes (body TEXT)")
        connection.execute("INSERT INTO notes VALUES ('another application''s')")
        connection.execute("COMMIT")

    _, foreign_log = committed_in_log(directory, "foreign.sqlite", write_notes)
    seeds["log-of-another-database.bin"] = seed(base.read_bytes(), foreign_log)

    # An older log beside a newer file, whose later commits were checkpointed into it: SQLite
    # applies the log's frames, from an earlier cache, over the file's pages.
    def write_one_commit(text, count):
        def write(connection):
            connection.execute("BEGIN IMMEDIATE")
            insert_images(connection, count, text)
            connection.execute("COMMIT")
        return write

    _, older_log = committed_in_log(directory, "older.sqlite", write_one_commit("older", 2))
    newer_path = directory / "newer.sqlite"
    shutil.copy(base, newer_path)
    newer = sqlite3.connect(newer_path, isolation_level=None)
    write_one_commit("newer", 5)(newer)
    newer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    newer.close()
    seeds["log-older-than-the-file.bin"] = seed(newer_path.read_bytes(), older_log)

for name, content in seeds.items():
    (corpus / name).write_bytes(content)
    print(f"{name}: {len(content)} bytes")
