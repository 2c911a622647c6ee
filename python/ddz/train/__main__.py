"""``python -m ddz.train``: see :mod:`ddz.train.cli`."""

import sys

try:
    import torch  # noqa: F401
except ImportError:
    print("error: ddz.train needs torch: pip install 'ddz[train]'", file=sys.stderr)
    sys.exit(2)

from ddz.train.cli import main

sys.exit(main())
