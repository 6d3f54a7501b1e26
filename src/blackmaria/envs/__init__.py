"""Research interfaces: a PettingZoo AEC environment and a Gymnasium single-seat environment.

Both encode a seat's ``Observation`` as a float32 vector (``encoding.layout``
documents every index range) and use one action space for passing and
playing: ``Discrete(52)``, a card number, with a mask of the legal cards. A
pass of three cards is three actions.
"""
