// vs_1_1: the positiont usage (pre-transformed position), and a usage index.
vs_1_1
dcl_positiont v0
dcl_positiont1 v1
add oPos, v0, v1
