// ps_1_1: constants c0-c7 defined in the shader.
ps_1_1
def c0, 1, 0, 0, 1
def c1, 0, 1, 0, 1
def c7, -1, -0.5, 0.5, 1
mov r0, c0
add r0, r0, c1
add r0, r0, c7
