"""Which functions of unseen code may write into a folder they are given, by their names.

The name is read word by word: `upload_folder` and `save_state` write though they hold the
letters of `load` and `stat`; `save_checkpoint` writes though it holds `check`; a word that
says the call reads or finds (`load_checkpoint`, `restore_state`, `get_export_dir`) wins."""

import pytest

from analyzers.interpret.folders import names_a_write


@pytest.mark.parametrize(
    "name",
    [
        "save_pretrained",
        "save_checkpoint",
        "checkpoint",
        "upload_folder",
        "download_adapter",
        "save_state",
        "pushToHub",
        "export_weights",
        "sync_weights",
        "_save",
        "snapshot_download",
    ],
)
def test_names_that_write(name: str) -> None:
    assert names_a_write(name)


@pytest.mark.parametrize(
    "name",
    [
        "load_checkpoint",
        "restore_checkpoint",
        "restore_state",
        "from_pretrained",
        "get_export_dir",
        "checkpoint_path",
        "read_file",
        "list_checkpoints",
        "fit",
        "target",
        "describe_adapter",
    ],
)
def test_names_that_do_not_write(name: str) -> None:
    assert not names_a_write(name)
