// vs_3_0: the highest register numbers: r31, c255, i15, b15, v15, o11, s3.
vs_3_0
defi i15, 1, 0, 0, 0
defb b15, false
def c255, 1, 2, 3, 4
dcl_texcoord15 v15
dcl_texcoord15 o11
dcl_2d s3
dcl_position o0
mov r31, v15
texldl r30, r31, s3
add r31, r31, r30
rep i15
if b15
add r31, r31, c255
endif
endrep
mov o0, r31
mov o11, c254
